// Property invariants on margins, close prices, triggers and stop-outs after a step.
import { ClosedType, OrderStatus, Side, type SideValue } from '@tp/contracts'
import { DEFAULT_RISK, type FinishedOrder, type InstrumentTerms, type Quote } from './types.ts'
import { USERS, MARKETS, check, type Record_ } from './engine.properties.model.ts'
import type { Runner } from './engine.properties.runner.ts'

/** (c) margin used and (e) close and fill prices. */
export function checkMargins(runner: Runner, record: Record_): void {
  const { engine } = runner
  const { events } = record

  // (c): margin used is the hedged margin of the positions at current prices: per instrument, the
  // larger side, buys at the ask and sells at the bid, converted to USD (fixed mode: lots x size).
  for (const totals of engine.accountTotals()) {
    const positions = engine.ordersOf(totals.userId).filter((o) => o.status === OrderStatus.Holding)
    let expected = 0
    for (const m of MARKETS) {
      const mine = positions.filter((o) => o.instrumentId === m.id)
      if (mine.length === 0) continue
      const terms = runner.terms.find((t) => t.id === m.id) as InstrumentTerms
      const quote = engine.quoteFor(totals.userId, m.id) as Quote
      const weight = (side: SideValue) =>
        mine
          .filter((o) => o.side === side)
          .reduce((sum, o) => sum + (o.lots.toNumber() * Number(terms.contractSize)) / o.leverage, 0)
      expected += Math.max(weight(Side.Buy) * quote.ask, weight(Side.Sell) * quote.bid) * runner.rate(terms)
    }
    check(
      Math.abs(totals.usedMargin - expected) <= 1e-6 * Math.max(1, expected),
      () => `user ${totals.userId}: margin ${totals.usedMargin} vs ${expected}`,
    )
    check(totals.positions === positions.length, () => `user ${totals.userId}: positions`)
    for (const o of positions) check(o.margin.decimalPlaces() <= 6, () => `margin ${o.margin}`)
  }

  // (e): closes at the bid (buy) or ask (sell) of the quote of the moment; fills likewise on a tick.
  // A close by is the one exception (closeBy below): a close_by step's two records, and only those.
  for (const event of events) {
    if (event.type === 'position_closed' && event.order.closedType === ClosedType.CloseBy) {
      checkCloseBy(runner, record, event.order)
      continue
    }
    if (event.type === 'position_closed') {
      const { order } = event
      const quote = engine.quoteFor(order.userId, order.instrumentId)
      const expected = order.side === Side.Buy ? quote?.bid : quote?.ask
      check(
        order.closePrice === expected,
        () => `order ${order.id} closed at ${order.closePrice}, not ${expected}`,
      )
      check(order.closedAtMs === runner.now, () => `order ${order.id} closed at ${order.closedAtMs}`)
      check(order.profit.decimalPlaces() <= 2, () => `profit ${order.profit}`)
    }
    if (event.type === 'position_opened') {
      const { order } = event
      const quote = engine.quoteFor(order.userId, order.instrumentId)
      const expected = order.side === Side.Buy ? quote?.ask : quote?.bid
      check(order.price === expected, () => `order ${order.id} opened at ${order.price}, not ${expected}`)
    }
  }
}

/**
 * A close by's records come from a close_by step at a live quote, two of them: the first position's (naming the
 * second) at the second's open price, then the second's at its own open price, the same lots of one
 * instrument on opposite sides.
 */
function checkCloseBy(runner: Runner, record: Record_, order: FinishedOrder): void {
  const { step, events } = record
  // Like every close, only in the instrument's session with a quote no older than the limit.
  const terms = runner.terms.find((t) => t.id === order.instrumentId) as InstrumentTerms
  const quote = runner.engine.quote(order.instrumentId) as Quote
  check(
    terms.calendar.isOpenAt(runner.now) && runner.now - quote.timeMs <= DEFAULT_RISK.maxQuoteAgeMs,
    () => `order ${order.id} closed by at ${runner.now} without a live quote (${quote.timeMs})`,
  )
  check(step.kind === 'close_by', () => `order ${order.id} closed by in a ${step.kind} step`)
  const pair = events.flatMap((e) =>
    e.type === 'position_closed' && e.order.closedType === ClosedType.CloseBy ? [e.order] : [],
  )
  const [first, second] = pair
  check(pair.length === 2 && !!first && !!second, () => `a close by with ${pair.length} records`)
  if (!first || !second) return
  check(
    first.closePrice === second.price && second.closePrice === second.price,
    () =>
      `close by ${first.id}/${second.id} at ${first.closePrice}/${second.closePrice}, not ${second.price}`,
  )
  check(
    first.instrumentId === second.instrumentId &&
      first.side !== second.side &&
      first.lots.equals(second.lots),
    () => `close by ${first.id}/${second.id}: not the same lots of one instrument on opposite sides`,
  )
  check(first.closedById !== second.closedById, () => `close by ${first.id}/${second.id} names one position`)
}

/** Nothing reached is left unfired; trailing stops; stop-out order and level. */
export function checkTriggers(runner: Runner, record: Record_): void {
  const { engine } = runner
  const { events, step } = record

  // Nothing reached is left: a position's stops are never crossed by a quote that came inside its
  // session, and after such a tick no pending order of that instrument is past its target on the
  // side it waits from. (A quote outside the session moves marks and fires nothing.)
  const calendarOf = (id: number) => (runner.terms.find((t) => t.id === id) as InstrumentTerms).calendar
  const isLive = (id: number) => {
    const quote = engine.quote(id) as Quote
    return calendarOf(id).isOpenAt(runner.now) && runner.now - quote.timeMs <= DEFAULT_RISK.maxQuoteAgeMs
  }
  for (const u of USERS)
    for (const order of engine.ordersOf(u)) {
      // At the account's own quote (its client group's markup): the price its triggers watch.
      const quote = engine.quoteFor(order.userId, order.instrumentId) as Quote
      if (order.status === OrderStatus.Holding && !isLive(order.instrumentId)) runner.staleHoldings++
      if (!calendarOf(order.instrumentId).isOpenAt(quote.timeMs)) continue
      if (order.status === OrderStatus.Holding) {
        const exit = order.side === Side.Buy ? quote.bid : quote.ask
        const below = (level: number) => level === 0 || exit < level
        const above = (level: number) => level === 0 || exit > level
        const armed =
          order.side === Side.Buy
            ? above(order.stopLoss) && below(order.takeProfit)
            : below(order.stopLoss) && above(order.takeProfit)
        check(
          armed,
          () => `order ${order.id}: stops ${order.stopLoss}/${order.takeProfit} crossed at ${exit}`,
        )
        // After a tick of its market, a trailing stop has caught up: at most its distance behind the
        // price it closes at. (A command may set it farther; the next tick brings it back.)
        if (
          order.trailingPoints > 0 &&
          step.kind === 'tick' &&
          order.instrumentId === MARKETS[step.market]?.id
        ) {
          const scale = 10 ** runner.precision(order.instrumentId)
          const gap = Math.round(
            (order.side === Side.Buy ? exit - order.stopLoss : order.stopLoss - exit) * scale,
          )
          check(
            gap <= order.trailingPoints,
            () => `order ${order.id}: trailing ${gap} > ${order.trailingPoints}`,
          )
        }
      } else if (step.kind === 'tick' && order.instrumentId === MARKETS[step.market]?.id) {
        const price = order.side === Side.Buy ? quote.ask : quote.bid
        const waits = runner.waits.get(order.id)
        const unreached = waits === 'down' ? price > order.originPrice : price < order.originPrice
        check(
          unreached,
          () => `pending ${order.id} (${waits} to ${order.originPrice}) not filled at ${price}`,
        )
      }
    }

  // A tick moves a trailing stop only in the position's favour, never back. (Trailed stops emit no
  // event: the engine works them out when read, so the stops before and after are compared.)
  if (step.kind === 'tick')
    for (const u of USERS)
      for (const order of engine.ordersOf(u)) {
        const before = runner.stopsBefore.get(order.id)
        if (order.trailingPoints === 0 || before === undefined || before === order.stopLoss) continue
        const after = order.stopLoss
        const forward = before === 0 || (order.side === Side.Buy ? after > before : after < before)
        check(forward, () => `order ${order.id}: a tick moved its stop from ${before} to ${after}`)
        runner.trailed++
      }

  // A stop-out closes the most losing position first: in order of profit, none better than one kept.
  for (const u of USERS) {
    const stoppedOut = events.flatMap((e) =>
      e.type === 'position_closed' && e.order.userId === u && e.order.closedType === ClosedType.StopOut
        ? [e.order.profit.toNumber()]
        : [],
    )
    if (stoppedOut.length === 0) continue
    // Only positions with a live quote could have been closed instead.
    const kept = engine
      .ordersOf(u)
      .flatMap((o) =>
        o.status === OrderStatus.Holding && isLive(o.instrumentId) ? [engine.markOf(o).profit] : [],
      )
    // A cent of slack: booked profits are rounded, marks are not.
    stoppedOut.forEach((profit, i) =>
      check(i === 0 || profit >= (stoppedOut[i - 1] as number) - 0.01, () => `stop-out order ${stoppedOut}`),
    )
    for (const profit of kept)
      check(profit >= Math.max(...stoppedOut) - 0.01, () => `kept ${profit}, closed ${stoppedOut}`)
  }

  // After the stop-out has run, an account is under the stop-out level only while none of its
  // positions has a live quote (automatic closes use live prices only).
  for (const u of USERS) {
    const view = engine.accountView(u)
    if (!view || view.usedMargin <= 0 || view.marginLevel >= DEFAULT_RISK.stopOutLevel - 1e-6) continue
    for (const order of engine.ordersOf(u).filter((o) => o.status === OrderStatus.Holding))
      check(
        !isLive(order.instrumentId),
        () => `user ${u} left at ${view.marginLevel} % with a live position ${order.id}`,
      )
  }
}
