import { readStorage, StorageKey, writeStorage } from '../../../common/lib/storage.ts'

const DEMO_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

function randomHex32(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '')
  // randomUUID needs a secure context; plain-http test hosts still have getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The device's demo identifier: made once, then reused, so the same phone gets the same demo account. */
export function getDemoId(): string {
  const stored = readStorage(StorageKey.DEMO_ID)
  if (stored && DEMO_ID_PATTERN.test(stored)) return stored
  const created = randomHex32()
  writeStorage(StorageKey.DEMO_ID, created)
  return created
}
