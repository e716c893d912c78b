import type { HistoryTotals, MyDealAnswer, StatementFormat } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'
import { DEALS_PAGE_SIZE } from '../../../common/trading/orders-api.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'

export const HISTORY_TOTALS_QUERY = 'history-totals'

/** One page of the orders that ended in the period (`my_deal`, finished, with `from`/`to`). */
export function fetchHistoryPage(period: HistoryPeriod, page: number, signal?: AbortSignal) {
  return api.get<MyDealAnswer>('/v1/api/forex/my_deal', {
    query: { finished: 1, from: period.from, to: period.to, page, limit: DEALS_PAGE_SIZE },
    silent: true,
    signal,
  })
}

/** What the ledger booked in the period (`history_totals`). */
export function fetchHistoryTotals(period: HistoryPeriod, signal?: AbortSignal) {
  return api.get<HistoryTotals>('/v1/api/forex/history_totals', {
    query: { from: period.from, to: period.to },
    silent: true,
    signal,
  })
}

/** The phone's IANA time zone, in which the statement writes its times ('UTC' when the browser names none). */
export const phoneTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * Downloads the period's statement: fetched with the session's token in the header, as every call,
 * then saved from a Blob under the name the server gave it. A refusal is toasted by the API client.
 */
export async function downloadStatement(period: HistoryPeriod, format: StatementFormat) {
  const file = await api.file('/v1/api/main/account/statement', `statement.${format}`, {
    query: { from: period.from, to: period.to, format, tz: phoneTimeZone() },
    loading: true,
  })
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file by the next task; the Blob's memory is let go after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return file.name
}
