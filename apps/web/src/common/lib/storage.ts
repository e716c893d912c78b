/**
 * localStorage that never throws: private browsing modes and full quotas make it throw, and the app
 * must still start (the user just signs in again next time).
 */
export const StorageKey = {
  TOKEN: 'token',
  LANGUAGE: 'lang',
  DEMO_ID: 'demo_id',
  HIDE_BALANCE: 'hide_balance',
  /** The instrument last shown on /trade, so the Trade tab reopens it. */
  CURRENT_INSTRUMENT: 'current_instrument',
  /** The codes of the instruments the user starred, as a JSON array (device-local, guests too). */
  FAVOURITES: 'favourites',
  /** 'light', 'dark' or absent (follow the system). */
  THEME: 'theme',
  /** '1' when the user switched on one-tap trading (the sell/buy bar places market orders at once). */
  ONE_TAP: 'one_tap',
  /** The account leverage the user chose (common/trading/account-leverage.ts), a whole number. */
  ACCOUNT_LEVERAGE: 'account_leverage',
  /** The current language's texts of the app shell that index.html draws (app/layout/boot-shell.ts). */
  SHELL_TEXTS: 'shell_texts',
} as const
export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey]

export function readStorage(key: StorageKeyName): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: StorageKeyName, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Not persisted; the in-memory state still works for this visit.
  }
}

export function removeStorage(key: StorageKeyName): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Nothing to remove.
  }
}
