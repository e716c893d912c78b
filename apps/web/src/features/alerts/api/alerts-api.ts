import type { AlertDirectionValue, AlertListAnswer } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export const ALERTS_QUERY = 'price-alerts'
/** Alerts per page: the most one user may keep waiting is 100. */
export const ALERTS_PAGE_SIZE = 50

export function fetchAlerts(page: number, signal?: AbortSignal): Promise<AlertListAnswer> {
  return api.get<AlertListAnswer>('/v1/api/alert/list', {
    query: { page, limit: ALERTS_PAGE_SIZE },
    silent: true,
    signal,
  })
}

/** A new alert; the answer's message is the success toast. */
export function addAlert(forexId: number, direction: AlertDirectionValue, price: number) {
  return api.getResult<{ id: number }>('/v1/api/alert/add', {
    query: { forex_id: forexId, direction, price },
    loading: true,
  })
}

export function removeAlert(id: number) {
  return api.getResult<null>('/v1/api/alert/delete', { query: { id }, loading: true })
}
