import { api } from '../../../shared/api-client.ts'
import type { SubmitParams } from '../lib/order-check.ts'

/**
 * Places an order. A refusal (market closed, not enough margin, a stop on the wrong side) comes
 * back as code 0 with a translated message, which the API client shows; the caller only sees it fail.
 */
export function submitOrder(params: SubmitParams) {
  return api.getResult<{ id: number }>('/v1/api/forex/submit', { query: { ...params }, loading: true })
}
