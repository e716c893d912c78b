import type { LedgerRecord } from '@tp/contracts/light'

/** Type 10 (a staff adjustment) carries staff's own words in Memo; other types their translated name. */
export const ADJUSTMENT_TYPE = 10

export function ledgerDescription(record: Pick<LedgerRecord, 'Type' | 'Memo' | 'MemoTran'>): string {
  return record.Type === ADJUSTMENT_TYPE ? record.Memo : record.MemoTran
}

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value.trim())

/**
 * A row that moved frozen money only (a withdrawal held, or released when staff rejected it): the
 * amount and the message key that says which, instead of a balance change of 0.00. Undefined for
 * every other row (a payment moves both, and shows the balance change).
 */
export function heldText(
  record: Pick<LedgerRecord, 'Value' | 'Frozen'>,
): { key: 'money.held' | 'money.released'; amount: string } | undefined {
  const frozen = record.Frozen ?? '0'
  if (!isZero(record.Value) || isZero(frozen)) return undefined
  const released = frozen.trim().startsWith('-')
  return {
    key: released ? 'money.released' : 'money.held',
    amount: released ? frozen.trim().slice(1) : frozen,
  }
}
