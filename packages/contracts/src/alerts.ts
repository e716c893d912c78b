import { z } from 'zod'
import type { Instrument } from './market.ts'
import { decimal, integer, oneOf, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'
import {
  AlertDirection,
  AlertStatus,
  type AlertDirectionValue,
  type AlertStatusValue,
} from './light/alerts.ts'
export * from './light/alerts.ts'

/** Price alerts on the wire (issue 13): "tell me when the bid reaches this price". */

/** `GET /v1/api/alert/add`: an alert on an instrument's bid. */
export const addAlertRequest = z.object({
  forex_id: serialId,
  direction: oneOf([AlertDirection.Above, AlertDirection.Below]),
  price: decimal({ min: 0, max: Number.MAX_SAFE_INTEGER }),
})

export const alertIdRequest = z.object({ id: integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) })

/** `GET /v1/api/alert/list`: the user's alerts, newest first; `status` picks waiting or fired ones. */
export const alertListRequest = pageRequest.extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    oneOf([AlertStatus.Active, AlertStatus.Fired]).optional(),
  ),
})

export interface PriceAlertItem {
  Id: number
  ForexId: number
  Direction: AlertDirectionValue
  Price: number
  Status: AlertStatusValue
  CreateTimeHandler: string
  /** When it fired, and the bid that fired it ("" and 0 while it waits). */
  FireTimeHandler: string
  FiredPrice: number
  ForexTradeLists: Instrument
}

export interface AlertListAnswer {
  data: PriceAlertItem[]
  total: number
}

/** `PRICE_ALERT`, to the owner when an alert fires. */
export interface PriceAlertMessage {
  type: 'PRICE_ALERT'
  id: number
  forex_id: number
  code: string
  direction: AlertDirectionValue
  price: number
  bid: number
  ask: number
  /** The quote's time, epoch ms. */
  time: number
}
