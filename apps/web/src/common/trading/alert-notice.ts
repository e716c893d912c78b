import type { ServerMessage } from '../socket-client.ts'
import { i18n, loadMessagePart } from '../i18n/i18n.ts'
import { queryClient } from '../lib/query-client.ts'
import { toastInfo } from '../lib/toast.ts'

/** The query key of the alerts list (features/alerts), refreshed when one fires. */
export const ALERTS_QUERY = 'price-alerts'

const isAlertMessage = (
  message: ServerMessage,
): message is ServerMessage & { code: string; price: number; bid: number } =>
  message.type === 'PRICE_ALERT' &&
  typeof message.code === 'string' &&
  typeof message.price === 'number' &&
  typeof message.bid === 'number'

/**
 * A price alert fired (PRICE_ALERT, to its owner only): a notice on whatever screen is open. Loaded
 * when the first one comes, with the texts it needs, so the first screen carries none of it.
 */
export async function showAlertNotice(message: ServerMessage): Promise<void> {
  if (!isAlertMessage(message)) return
  await loadMessagePart('trading')
  toastInfo(i18n.t('alerts.fired', { code: message.code, price: message.price, bid: message.bid }))
  void queryClient.invalidateQueries({ queryKey: [ALERTS_QUERY] })
}
