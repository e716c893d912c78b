import type { ApprovalWaiting, StaffCreated, StaffItem } from '@tp/contracts/light'
import { api } from './client.ts'

export type StaffRoleName = StaffItem['role']

export const STAFF_QUERY_KEY = ['staff'] as const

/** Staff management (admins only); the server refuses any change to oneself. */
export const staffApi = {
  list: (signal?: AbortSignal) => api.get<StaffItem[]>('/staff', undefined, signal),
  /**
   * The server makes a one-time password and e-mails it to the new member (never answered here); an admin or finance member waits
   * for a second administrator unless one is the only administrator (issue 22).
   */
  create: (body: { email: string; name: string; role: StaffRoleName }) =>
    api.post<StaffCreated | ApprovalWaiting>('/staff', body),
  setRole: (id: number, role: StaffRoleName) =>
    api.post<StaffItem | ApprovalWaiting>(`/staff/${id}/role`, { role }),
  disable: (id: number) => api.post<StaffItem>(`/staff/${id}/disable`),
  enable: (id: number) => api.post<StaffItem>(`/staff/${id}/enable`),
  resetSecondFactor: (id: number) =>
    api.post<StaffItem | ApprovalWaiting>(`/staff/${id}/reset_second_factor`),
}
