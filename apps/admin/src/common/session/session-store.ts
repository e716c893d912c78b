import { useSyncExternalStore } from 'react'
import type { StaffProfile } from '@tp/contracts/light'

/*
 * The staff session lives in sessionStorage, not localStorage: closing the browser signs staff out,
 * and a second tab asks for its own sign-in rather than sharing one quietly.
 */
const TOKEN_KEY = 'admin-token'
const STAFF_KEY = 'admin-staff'
const ENDED_KEY = 'admin-ended'

export interface StaffSession {
  token: string
  staff: StaffProfile
}

let current: StaffSession | null = readStored()
const listeners = new Set<() => void>()

function readStored(): StaffSession | null {
  try {
    const token = sessionStorage.getItem(TOKEN_KEY)
    const staff = sessionStorage.getItem(STAFF_KEY)
    if (!token || !staff) return null
    return { token, staff: JSON.parse(staff) as StaffProfile }
  } catch {
    return null
  }
}

function publish(next: StaffSession | null) {
  current = next
  for (const listener of listeners) listener()
}

export function signIn(session: StaffSession): void {
  sessionStorage.removeItem(ENDED_KEY)
  sessionStorage.setItem(TOKEN_KEY, session.token)
  sessionStorage.setItem(STAFF_KEY, JSON.stringify(session.staff))
  publish(session)
}

/**
 * Why the last session ended, for the sign-in page to say so: 'expired' when the server answered
 * 999 (signed out elsewhere, or past its hours). Kept in the tab's storage so a reload still says it.
 */
export function sessionEndReason(): 'expired' | null {
  try {
    return sessionStorage.getItem(ENDED_KEY) === 'expired' ? 'expired' : null
  } catch {
    return null
  }
}

export function signOut(reason: 'expired' | null = null): void {
  if (reason) sessionStorage.setItem(ENDED_KEY, reason)
  else sessionStorage.removeItem(ENDED_KEY)
  sessionStorage.removeItem(TOKEN_KEY)
  sessionStorage.removeItem(STAFF_KEY)
  publish(null)
}

/** Keeps the stored profile in step with `/admin/api/me` (a role may have changed). */
export function updateStaff(staff: StaffProfile): void {
  if (current && JSON.stringify(current.staff) !== JSON.stringify(staff)) signIn({ ...current, staff })
}

export function sessionToken(): string | null {
  return current?.token ?? null
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, () => current)
}
