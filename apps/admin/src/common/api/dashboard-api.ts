import type { AdminDashboard } from '@tp/contracts/light'
import { api } from './client.ts'

/** The counts refresh this often, and at once when a live event says a queue grew. */
export const DASHBOARD_REFRESH_MS = 15_000

export const dashboardApi = {
  counts: (signal?: AbortSignal) => api.get<AdminDashboard>('/dashboard', undefined, signal),
}
