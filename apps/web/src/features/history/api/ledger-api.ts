import type { LedgerPage } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'
import { MONEY_PAGE_SIZE } from '../../../common/lib/paging.ts'

export const LEDGER_QUERY = 'ledger'

/** The account's ledger, newest first (`forexDetail`: `{list, total}`). */
export function fetchLedger(page: number, signal?: AbortSignal): Promise<LedgerPage> {
  return api.get<LedgerPage>('/v1/api/main/account/forexDetail', {
    query: { page, limit: MONEY_PAGE_SIZE },
    silent: true,
    signal,
  })
}
