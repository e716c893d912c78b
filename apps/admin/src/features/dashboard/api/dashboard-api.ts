import type { AdminDashboard } from '@tp/contracts'
import { api } from '../../../shared/api/client.ts'

export const dashboardApi = {
  counts: (signal?: AbortSignal) => api.get<AdminDashboard>('/dashboard', undefined, signal),
}
