import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toastInfo } from '../../../common/lib/toast.ts'
import { isDemoUser, useSession } from '../../../common/session/session-store.ts'

/** Opens a route, unless it is for real accounts and the user is on a demo account (docs/product.md "Screens"). */
export function useRealAccountLink() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const demo = useSession((state) => isDemoUser(state.user))
  return useCallback(
    (path: string, realOnly: boolean) => {
      if (realOnly && demo) toastInfo(t('common.realAccountRequired'))
      else navigate(path)
    },
    [demo, navigate, t],
  )
}
