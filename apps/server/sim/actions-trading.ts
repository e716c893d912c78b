/** What clients do on the trading screens: market and pending orders, stops, closes (by too), cancels, retries. */
import Decimal from 'decimal.js'
import { OrderStatus } from '@tp/contracts'
import type { Action } from './history.ts'
import { walk } from './actions-markets.ts'
import type { SimInstrument, SimUser, World } from './world.ts'

export function submit(world: World, user: SimUser, params: Record<string, string | number>, key?: string) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
  return world.get(`/v1/api/forex/submit?${query}`, {
    token: user.token,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  })
}

export function price(instrument: SimInstrument, value: number): string {
  return value.toFixed(instrument.precision)
}

export async function open(world: World, a: Extract<Action, { kind: 'open' }>): Promise<void> {
  const user = world.user(a.user)
  if (!user) return world.say('open: nobody yet')
  const instrument = world.instrument(a.instrument)
  const quote = world.lastLive(instrument)
  const point = 10 ** -instrument.precision
  const buy = a.side === 1
  const entry = buy ? quote.ask : quote.bid
  const params: Record<string, string | number> = {
    forex_id: instrument.id,
    type: a.side,
    cont: a.lots,
    status: 1,
    multiple: leverageOf(instrument, a.leverage),
  }
  if (a.stopLossPoints > 0)
    params.stop_loss_price = price(instrument, entry + (buy ? -1 : 1) * a.stopLossPoints * point)
  if (a.takeProfitPoints > 0)
    params.target_profit_price = price(instrument, entry + (buy ? 1 : -1) * a.takeProfitPoints * point)
  const answer = await submit(world, user, params)
  if (answer.body.code === 1) world.acknowledged.add(answer.body.data.id)
  world.say(`open ${instrument.code} ${buy ? 'buy' : 'sell'} ${a.lots}`, answer.body)
}

export async function pending(world: World, a: Extract<Action, { kind: 'pending' }>): Promise<void> {
  const user = world.user(a.user)
  if (!user) return world.say('pending: nobody yet')
  const instrument = world.instrument(a.instrument)
  const quote = world.lastLive(instrument)
  const point = 10 ** -instrument.precision
  const target = (a.side === 1 ? quote.ask : quote.bid) + a.offsetPoints * point
  const answer = await submit(world, user, {
    forex_id: instrument.id,
    type: a.side,
    cont: a.lots,
    status: 0,
    multiple: leverageOf(instrument, a.leverage),
    target_price: price(instrument, target),
    expire_type: a.expiresInMs > 0 ? 2 : 0,
    expire_time: a.expiresInMs > 0 ? expiryText(world.nowMs() + a.expiresInMs) : '',
  })
  if (answer.body.code === 1) world.acknowledged.add(answer.body.data.id)
  world.say(`pending ${instrument.code} at ${price(instrument, target)}`, answer.body)
}

/** The user's live orders of a status, oldest first, as the engine holds them. */
export function ordersOf(world: World, user: SimUser, status: number) {
  return world.app.desk.view
    .ordersOf(user.userId)
    .filter((o) => o.status === status)
    .sort((x, y) => x.id - y.id)
}

export async function trailing(world: World, index: number, position: number, points: number): Promise<void> {
  const user = world.user(index)
  const held = user ? ordersOf(world, user, OrderStatus.Holding) : []
  const order = held[position % Math.max(1, held.length)]
  if (!user || !order) return world.say('trailing: no position')
  const answer = await world.get(`/v1/api/forex/set_trailing_stop?id=${order.id}&points=${points}`, {
    token: user.token,
  })
  world.say(`trailing ${order.id} ${points}`, answer.body)
}

/** A stop `points` away from `from` on the losing (stop-loss) or winning (take-profit) side; '' for 0. */
function stopAt(
  instrument: SimInstrument,
  buy: boolean,
  from: number,
  points: number,
  loss: boolean,
): string {
  if (points === 0) return ''
  const away = (buy === loss ? -1 : 1) * points * 10 ** -instrument.precision
  return price(instrument, from + away)
}

/** Moves a position's stops to `points` from the market (0: none), or says why it could not. */
export async function stops(world: World, a: Extract<Action, { kind: 'stops' }>): Promise<void> {
  const user = world.user(a.user)
  const held = user ? ordersOf(world, user, OrderStatus.Holding) : []
  const order = held[a.position % Math.max(1, held.length)]
  if (!user || !order) return world.say('stops: no position')
  const instrument = world.instruments.find((i) => i.id === order.instrumentId)!
  const quote = world.lastLive(instrument)
  const buy = order.side === 1
  const exit = buy ? quote.bid : quote.ask
  const query = new URLSearchParams({
    id: String(order.id),
    stop_loss_price: stopAt(instrument, buy, exit, a.stopLossPoints, true),
    target_profit_price: stopAt(instrument, buy, exit, a.takeProfitPoints, false),
  })
  const answer = await world.get(`/v1/api/forex/set_stop_price?${query}`, { token: user.token })
  world.say(
    `stops ${order.id} ${query.get('stop_loss_price')}/${query.get('target_profit_price')}`,
    answer.body,
  )
}

/** Moves a pending order's price, take-profit and expiry. */
export async function modify(world: World, a: Extract<Action, { kind: 'modify' }>): Promise<void> {
  const user = world.user(a.user)
  const waiting = user ? ordersOf(world, user, OrderStatus.Pending) : []
  const order = waiting[a.pending % Math.max(1, waiting.length)]
  if (!user || !order) return world.say('modify: no pending order')
  const instrument = world.instruments.find((i) => i.id === order.instrumentId)!
  const quote = world.lastLive(instrument)
  const buy = order.side === 1
  const target = (buy ? quote.ask : quote.bid) + a.offsetPoints * 10 ** -instrument.precision
  const query = new URLSearchParams({
    id: String(order.id),
    target_price: price(instrument, target),
    target_profit_price: stopAt(instrument, buy, target, a.takeProfitPoints, false),
    expire_type: a.expiresInMs > 0 ? '2' : '0',
    expire_time: a.expiresInMs > 0 ? expiryText(world.nowMs() + a.expiresInMs) : '',
  })
  const answer = await world.get(`/v1/api/forex/modify_pending?${query}`, { token: user.token })
  world.say(`modify ${order.id} to ${query.get('target_price')}`, answer.body)
}

/** An expiry as `submit` and `modify_pending` take it: "YYYY-MM-DD HH:mm:ss" in UTC. */
const expiryText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

export async function closePosition(
  world: World,
  index: number,
  position: number,
  part: boolean,
): Promise<void> {
  const user = world.user(index)
  const held = user ? ordersOf(world, user, OrderStatus.Holding) : []
  const order = held[position % Math.max(1, held.length)]
  if (!user || !order) return world.say('close: no position')
  const half = order.lots.dividedBy(2).toDecimalPlaces(2, Decimal.ROUND_DOWN)
  const cont = part && half.greaterThan(0) ? `&cont=${half.toFixed(2)}` : ''
  const answer = await world.get(`/v1/api/forex/close?id=${order.id}${cont}`, { token: user.token })
  world.say(`close ${order.id}${cont}`, answer.body)
}

/**
 * Closes a position by another of the user's: an opposite one of the same instrument when there is
 * one, else any other (which the server refuses).
 */
export async function closeBy(world: World, index: number, position: number, by: number): Promise<void> {
  const user = world.user(index)
  const held = user ? ordersOf(world, user, OrderStatus.Holding) : []
  const order = held[position % Math.max(1, held.length)]
  if (!user || !order) return world.say('close-by: no position')
  const opposite = held.filter((o) => o.instrumentId === order.instrumentId && o.side !== order.side)
  const other = opposite.length > 0 ? opposite[by % opposite.length]! : held[by % held.length]!
  const answer = await world.get(`/v1/api/forex/close_by?id=${order.id}&by_id=${other.id}`, {
    token: user.token,
  })
  world.say(`close-by ${order.id} by ${other.id}`, answer.body)
}

export async function cancel(world: World, index: number, pending: number): Promise<void> {
  const user = world.user(index)
  const waiting = user ? ordersOf(world, user, OrderStatus.Pending) : []
  const order = waiting[pending % Math.max(1, waiting.length)]
  if (!user || !order) return world.say('cancel: no pending order')
  const answer = await world.get(`/v1/api/forex/cancel_trade?id=${order.id}`, { token: user.token })
  world.say(`cancel ${order.id}`, answer.body)
}

export async function retry(world: World, a: Extract<Action, { kind: 'retry' }>): Promise<void> {
  const user = world.user(a.user)
  if (!user) return world.say('retry: nobody yet')
  const instrument = world.instrument(a.instrument)
  const key = `sim-${world.seed}-${world.nowMs()}-${a.user}`
  const params = {
    forex_id: instrument.id,
    type: a.side,
    cont: a.lots,
    status: 1,
    multiple: leverageOf(instrument, a.leverage),
  }
  // The first answer is lost on its way (with a crash: the server stopped after committing it);
  // the client sends the same order again with the same key.
  const first = await submit(world, user, params, key)
  if (a.crash) await world.restart()
  const again = await submit(world, user, params, key)
  if (JSON.stringify(first.body) !== JSON.stringify(again.body))
    world.retryMismatch = `${JSON.stringify(first.body)} then ${JSON.stringify(again.body)}`
  if (first.body.code === 1) world.acknowledged.add(first.body.data.id)
  world.say(`retry ${instrument.code} key ${key}${a.crash ? ' across a restart' : ''}`, again.body)
}

export async function databaseFault(world: World, a: Extract<Action, { kind: 'db-fault' }>): Promise<void> {
  const failedBefore = world.faults.failed
  world.faults.failNext(a.failures)
  walk(world, {
    kind: 'walk',
    instrument: a.instrument,
    ticks: a.ticks,
    volatility: 0.002,
    drift: 0,
    seed: a.seed,
  })
  await open(world, { ...a, kind: 'open', stopLossPoints: 0, takeProfitPoints: 0 })
  const opened = world.lastOutcome
  await world.settle()
  const unused = world.faults.disarm()
  world.say(`${world.faults.failed - failedBefore} writes failed (${unused} not reached); ${opened}`)
}

/** One of the instrument's leverage options; the highest half the time (traders who risk the most). */
function leverageOf(instrument: SimInstrument, pick: number): number {
  const options = instrument.leverage
  return (pick % 2 === 0 ? options[options.length - 1] : options[pick % options.length]) ?? 1
}
