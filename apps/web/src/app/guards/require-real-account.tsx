import { useTranslation } from 'react-i18next'
import { Outlet, useMatches } from 'react-router'
import { LoadFailed } from '../../common/components/load-failed.tsx'
import { PageLoading } from '../../common/components/page-loading.tsx'
import { RealAccountRequired } from '../../common/components/real-account-required.tsx'
import { isDemoUser, useSession } from '../../common/session/session-store.ts'
import { useUserInfo } from '../../common/session/use-user-info.ts'
import type { RouteHandle } from '../screens.ts'

/** Screens closed to demo accounts (real-name, invite, password, deposit, withdraw, wallet). */
export function RequireRealAccount() {
  const { t } = useTranslation()
  const user = useSession((state) => state.user)
  const info = useUserInfo()
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined
  // Until the user is known, whether it is a demo account is unknown too.
  if (!user) return info.isError ? <LoadFailed onRetry={() => void info.refetch()} /> : <PageLoading />
  if (isDemoUser(user)) return <RealAccountRequired title={t(handle?.title ?? 'pages.mine')} />
  return <Outlet />
}
