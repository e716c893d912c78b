import type { LedgerRecord } from '@tp/contracts/light'

/** Type 10 (a staff adjustment) carries staff's own words in Memo; other types their translated name. */
export const ADJUSTMENT_TYPE = 10

export function ledgerDescription(record: Pick<LedgerRecord, 'Type' | 'Memo' | 'MemoTran'>): string {
  return record.Type === ADJUSTMENT_TYPE ? record.Memo : record.MemoTran
}
