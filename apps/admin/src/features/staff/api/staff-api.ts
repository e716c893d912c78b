import type { StaffItem } from '@tp/contracts'
import { api } from '../../../shared/api/client.ts'

export type StaffRoleName = StaffItem['role']

export const STAFF_QUERY_KEY = ['staff'] as const

/** Staff management (admins only); the server refuses any change to oneself. */
export const staffApi = {
  list: (signal?: AbortSignal) => api.get<StaffItem[]>('/staff', undefined, signal),
  create: (body: { email: string; name: string; role: StaffRoleName; password: string }) =>
    api.post<{ id: number }>('/staff', body),
  setRole: (id: number, role: StaffRoleName) => api.post<StaffItem>(`/staff/${id}/role`, { role }),
  disable: (id: number) => api.post<StaffItem>(`/staff/${id}/disable`),
  enable: (id: number) => api.post<StaffItem>(`/staff/${id}/enable`),
  resetSecondFactor: (id: number) => api.post<StaffItem>(`/staff/${id}/reset_second_factor`),
}
