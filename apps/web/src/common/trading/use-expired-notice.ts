import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { realtime } from '../realtime.ts'
import { toastInfo } from '../lib/toast.ts'
import { DEALS_QUERY } from './orders-api.ts'
import { isForexExpiredMessage } from './order-messages.ts'

/**
 * Tells the user when pending orders of theirs expire (FOREX_EXPIRED, sent to the owner only), and
 * reloads the order lists and the chart's order lines, where they are no longer.
 */
export function useExpiredNotice(): void {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  useEffect(
    () =>
      realtime.listen('FOREX_EXPIRED', (frame) => {
        if (!isForexExpiredMessage(frame)) return
        toastInfo(t('expiry.expiredNotice', { ids: frame.id.join(', ') }))
        void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY] })
      }),
    [t, queryClient],
  )
}
