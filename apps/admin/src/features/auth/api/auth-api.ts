import type { StaffLoginAnswer, StaffProfile, StaffSessionAnswer } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

export const authApi = {
  login: (email: string, password: string) =>
    api.post<StaffLoginAnswer>('/auth/login', { email, password }, ''),
  /** The second step carries the pending token of the first, never the session's. */
  totp: (pendingToken: string, code: string) =>
    api.post<StaffSessionAnswer>('/auth/totp', { code }, pendingToken),
  recovery: (pendingToken: string, code: string) =>
    api.post<StaffSessionAnswer>('/auth/recovery', { code }, pendingToken),
  /** Issue 22: one's own password in place of a one-time one, on the pending token; the factor follows. */
  firstPassword: (pendingToken: string, password: string) =>
    api.post<StaffLoginAnswer>('/auth/password', { password }, pendingToken),
  changePassword: (current: string, password: string) =>
    api.post<null>('/me/password', { current_password: current, password }),
  logout: () => api.post<null>('/auth/logout'),
  me: () => api.get<StaffProfile>('/me'),
}
