import { create } from 'zustand'
import { readStorage, StorageKey, writeStorage } from '../../../common/lib/storage.ts'
import {
  oneTapText,
  parseLastUsed,
  parseOneTap,
  rememberLastUsed,
  type LastUsed,
  type LastUsedStore,
  type OneTapState,
} from './lib/one-tap.ts'

/**
 * The lots and deviation of the last order per instrument: this device's, not synced
 * (one-tap and the ticket start from them).
 */
const LAST_USED_KEY = 'ticket_last_used'

/** localStorage that never throws (private modes, full quotas), as common/lib/storage.ts does. */
function readLastUsedText(): string | null {
  try {
    return window.localStorage.getItem(LAST_USED_KEY)
  } catch {
    return null
  }
}

export function readLastUsed(): LastUsedStore {
  return parseLastUsed(readLastUsedText())
}

export function saveLastUsed(code: string, used: LastUsed): void {
  try {
    window.localStorage.setItem(LAST_USED_KEY, JSON.stringify(rememberLastUsed(readLastUsed(), code, used)))
  } catch {
    // Not remembered: the next one-tap order uses the minimum lots.
  }
}

interface OneTapStore extends OneTapState {
  set: (on: boolean) => void
}

/** One-tap trading, off until the user switches it on in the ticket (after the warning, once). */
export const useOneTap = create<OneTapStore>()((set) => ({
  ...parseOneTap(readStorage(StorageKey.ONE_TAP)),
  set: (on) => {
    const next = { on, warned: true }
    const text = oneTapText(next)
    if (text !== null) writeStorage(StorageKey.ONE_TAP, text)
    set(next)
  },
}))
