import { create } from 'zustand'
import { readStorage, StorageKey, writeStorage } from '../lib/storage.ts'

/**
 * The account leverage, as MT5 users know it ("1:30"): chosen once and used for every order, each
 * instrument taking the highest leverage it offers up to it (an instrument's own cap rules where it
 * is lower: 2x on crypto under ESMA's caps). Until the user chooses, 30, the highest of ESMA's
 * retail caps: a first 0.01 lot of EUR/USD on a 1,000 USD account needs about 36 USD, not the whole
 * balance it needs at 1x. Kept on this device (docs/decisions/036-account-leverage.md).
 */
export const DEFAULT_ACCOUNT_LEVERAGE = 30

/** Beyond any leverage offered: a stored value past it is not one the user chose here. */
const MAX_ACCOUNT_LEVERAGE = 1000

export function parseAccountLeverage(raw: string | null): number {
  const value = Number(raw)
  return raw !== null && /^\d+$/.test(raw) && value >= 1 && value <= MAX_ACCOUNT_LEVERAGE
    ? value
    : DEFAULT_ACCOUNT_LEVERAGE
}

/**
 * The leverage an order on an instrument with these `options` (ascending or not) uses under the
 * account leverage: the highest option up to it, else the lowest; null when none is offered.
 */
export function leverageFor(options: readonly number[], account: number): number | null {
  if (options.length === 0) return null
  const within = options.filter((option) => option <= account)
  return within.length > 0 ? Math.max(...within) : Math.min(...options)
}

interface AccountLeverageStore {
  value: number
  set: (value: number) => void
}

/** The account leverage, shared by the ticket, the quick-trade sheet and one-tap orders. */
export const useAccountLeverage = create<AccountLeverageStore>()((set) => ({
  value: parseAccountLeverage(readStorage(StorageKey.ACCOUNT_LEVERAGE)),
  set: (value) => {
    writeStorage(StorageKey.ACCOUNT_LEVERAGE, String(value))
    set({ value })
  },
}))
