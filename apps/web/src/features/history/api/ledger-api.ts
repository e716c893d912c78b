import type { LedgerPage } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'
import { MONEY_PAGE_SIZE } from '../../../common/lib/paging.ts'

export const LEDGER_QUERY = 'ledger'

/** The account's ledger rows booked in the period, newest first (`forexDetail`: `{list, total}`). */
export function fetchLedger(period: HistoryPeriod, page: number, signal?: AbortSignal): Promise<LedgerPage> {
  return api.get<LedgerPage>('/v1/api/main/account/forexDetail', {
    query: { page, limit: MONEY_PAGE_SIZE, from: period.from, to: period.to },
    silent: true,
    signal,
  })
}
