import type { UserInfo } from '@tp/contracts/light'
import { create } from 'zustand'
import { readStorage, removeStorage, StorageKey, writeStorage } from '../lib/storage.ts'

/**
 * The signed-in session. The token is persisted so a reload stays signed in; the user is fetched
 * again at start (`GET /api/user/info`) so balances are never stale.
 */
export interface SessionState {
  token: string | null
  user: UserInfo | null
  /**
   * The user is signing out: the server ends the session first, so calls still in flight may answer
   * 999, and they must not send the user to /login (the sign-out goes home).
   */
  signingOut: boolean
  startSignOut: () => void
  endSignOut: () => void
  signIn: (token: string, user: UserInfo) => void
  setUser: (user: UserInfo) => void
  clear: () => void
}

export const useSession = create<SessionState>()((set) => ({
  token: readStorage(StorageKey.TOKEN),
  user: null,
  signingOut: false,
  startSignOut: () => set({ signingOut: true }),
  endSignOut: () => set({ signingOut: false }),
  signIn: (token, user) => {
    writeStorage(StorageKey.TOKEN, token)
    set({ token, user, signingOut: false })
  },
  setUser: (user) => set({ user }),
  clear: () => {
    removeStorage(StorageKey.TOKEN)
    set({ token: null, user: null })
  },
}))

export function isDemoUser(user: UserInfo | null | undefined): boolean {
  return user?.is_demo === 1
}
