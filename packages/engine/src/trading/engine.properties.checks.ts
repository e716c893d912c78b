// Property invariants on commands, the ledger and limits after a step, and the run of a whole setup.
import { LedgerType, OrderStatus, Side } from '@tp/contracts'
import { expect } from 'vitest'
import { money, type Money } from './money.ts'
import { lastRollover } from './swaps.ts'
import type { InstrumentTerms } from './types.ts'
import { REASONS } from '@tp/contracts'
import { USERS, DEMO_USER, MARKETS, check, type Setup, type Record_ } from './engine.properties.model.ts'
import { Runner } from './engine.properties.runner.ts'
import { checkMargins, checkTriggers } from './engine.properties.invariants.ts'
import { checkCopies, runningFollows } from './engine.properties.copy-checks.ts'
import type { Follow } from './copy-book.ts'

/** What a command may change: refusals change nothing, freezes, expiries, rollovers. */
export function checkCommand(runner: Runner, record: Record_, before: string): void {
  const { engine } = runner
  const { step } = record

  if (record.refused !== undefined) {
    expect(REASONS).toContain(record.refused)
    // A refusal changes nothing.
    expect(runner.fingerprint()).toBe(before)
  }
  // Only free margin can be frozen: money holding positions cannot leave.
  if (step.kind === 'freeze' && record.refused === undefined) {
    const view = engine.accountView(step.user)
    check((view?.freeMargin ?? 0) >= -1e-6, () => `froze into margin: free ${view?.freeMargin}`)
  }
  if (
    (step.kind === 'cancel' ||
      step.kind === 'close' ||
      step.kind === 'stops' ||
      step.kind === 'modify' ||
      step.kind === 'trail' ||
      step.kind === 'close_by') &&
    step.foreign
  )
    expect(record.refused).toBe('order_not_found')
  // An expiry not after now is refused, and no pending order outlives its expiry past the clock's check.
  if ((step.kind === 'open' && step.pending !== 0) || step.kind === 'modify')
    if (step.expiry < 0 && record.refused === undefined) throw new Error('a past expiry was taken')
  if (step.kind === 'wait')
    for (const u of USERS)
      for (const order of engine.ordersOf(u))
        check(
          order.expiresAtMs === 0 || order.expiresAtMs > runner.now,
          () => `order ${order.id} outlived its expiry ${order.expiresAtMs} at ${runner.now}`,
        )
  // After the clock's check every position has paid every rollover it was open at, and no more.
  if (step.kind === 'wait')
    for (const u of USERS)
      for (const order of engine.ordersOf(u)) {
        if (order.status !== OrderStatus.Holding) continue
        const terms = runner.terms.find((t) => t.id === order.instrumentId) as InstrumentTerms
        const last = lastRollover(terms, runner.now) ?? 0
        // Paid through the end of its last rollover's UTC day (12 hours after it at least), or, with
        // none since it opened, its opening.
        const endOfDay = Math.floor(last / 86_400_000) * 86_400_000 + 86_399_999
        const paid = last > order.openedAtMs ? Math.max(endOfDay, last + 43_200_000) : order.openedAtMs
        check(
          order.swapThroughMs === paid,
          () => `order ${order.id} paid through ${order.swapThroughMs}, last rollover ${last}`,
        )
      }
}

/** The bookings chain from the balances; write-offs only as an account becomes flat. */
export function checkLedger(runner: Runner, record: Record_, ledger: Map<number, Money>): void {
  const { engine } = runner
  const { events } = record

  // (a): the bookings chain from the balances. (b): negative balance protection is per account: a
  // write-off comes only as an account becomes flat, for exactly what it is short then.
  const holding = new Map(USERS.map((u) => [u, runner.holdingBefore.get(u) ?? 0]))
  /** A user who just became flat: the write-off still owed (0: none). */
  const owed = new Map<number, Money>()
  const settle = (userId: number) => {
    const balance = ledger.get(userId) as Money
    owed.set(userId, balance.isNegative() ? balance.negated() : money(0))
  }
  for (const event of events) {
    // A partial close reduces a position (which stays) and closes its part: the part's close below
    // takes back what its reduction adds.
    if (event.type === 'position_opened' || event.type === 'position_reduced')
      holding.set(event.order.userId, (holding.get(event.order.userId) ?? 0) + 1)
    if (event.type === 'position_closed') {
      const userId = event.order.userId
      holding.set(userId, (holding.get(userId) as number) - 1)
      // With no profit to book, the balance is what it is; otherwise it settles after the profit.
      if (holding.get(userId) === 0 && event.order.profit.isZero()) settle(userId)
    }
    if (event.type !== 'booked') {
      for (const [userId, amount] of owed)
        check(amount.isZero(), () => `user ${userId}: flat at -${amount} with no write-off`)
      owed.clear()
      continue
    }
    const { userId, amount, balanceAfter, type, frozenAmount, frozenAfter } = event.booking
    const previous = ledger.get(userId) as Money
    check(
      balanceAfter.equals(previous.plus(amount)),
      () => `booking chain: ${previous} + ${amount} != ${balanceAfter}`,
    )
    ledger.set(userId, balanceAfter)
    // Frozen money moves only by the withdrawal's own rows: no trading loss ever reaches it.
    const frozenBefore = runner.frozen.get(userId) ?? money(0)
    const moves = type === LedgerType.FREEZE || type === LedgerType.UNFREEZE || type === LedgerType.WITHDRAWAL
    check(moves || frozenAmount.isZero(), () => `type ${type} moved frozen money ${frozenAmount}`)
    check(
      frozenAfter.equals(frozenBefore.plus(frozenAmount)),
      () => `frozen chain ${frozenBefore} + ${frozenAmount}`,
    )
    check(!frozenAfter.isNegative(), () => `frozen below zero: ${frozenAfter}`)
    runner.frozen.set(userId, frozenAfter)
    if (type === LedgerType.WRITE_OFF) {
      const due = owed.get(userId)
      check(
        due !== undefined && due.equals(amount) && amount.isPositive(),
        () => `write-off ${amount}, owed ${due}`,
      )
      check(balanceAfter.isZero(), () => `after a write-off: ${balanceAfter}`)
      owed.delete(userId)
      runner.writtenOff = runner.writtenOff.plus(amount)
    } else if (type === LedgerType.TRADE_PROFIT && holding.get(userId) === 0) {
      settle(userId)
    } else {
      owed.delete(userId)
    }
    if (type === LedgerType.TRADE_PROFIT || type === LedgerType.TRADE_FEE)
      check(amount.decimalPlaces() <= 2, () => `not cents: ${amount}`)
  }
  for (const [userId, amount] of owed)
    check(amount.isZero(), () => `user ${userId}: flat at -${amount} with no write-off`)
  for (const u of USERS) {
    const balance = engine.balance(u) as Money
    check(
      balance.equals(ledger.get(u) as Money),
      () => `user ${u}: balance ${balance}, bookings ${ledger.get(u)}`,
    )
    const totals = [...engine.accountTotals()].find((t) => t.userId === u)
    check(
      totals?.frozen.equals(runner.frozen.get(u) ?? money(0)) === true,
      () => `user ${u}: frozen ${totals?.frozen} vs ${runner.frozen.get(u)}`,
    )
    const open = engine.ordersOf(u).filter((o) => o.status === OrderStatus.Holding).length
    check(open === holding.get(u), () => `user ${u}: ${open} positions, events say ${holding.get(u)}`)
    check(open > 0 || !balance.isNegative(), () => `user ${u}: flat with balance ${balance}`)
  }
}

/** Price protection and house limits. */
export function checkLimits(runner: Runner, record: Record_): void {
  const { engine } = runner
  const { events, step } = record

  // Price protection: a market order whose price seen is off by more than its deviation is requoted,
  // and one within it never is.
  if (step.kind === 'open' && step.pending === 0 && step.seen !== null) {
    const beyond = Math.abs(step.seen) > step.deviation
    // Checks made before the price (account, market, lots, leverage) may refuse it first.
    const early = ['market_closed', 'quote_stale', 'lots_invalid', 'leverage_invalid', 'too_many_orders']
    if (beyond)
      check(
        record.refused === 'requote' || early.includes(record.refused ?? ''),
        () => `not requoted: ${record.refused}`,
      )
    else check(record.refused !== 'requote', () => `requoted within ${step.deviation} points`)
  }

  // House limits. The engine's net is the real clients' positions, buys less sells; a fill never takes
  // it further past the limit (closes may: they are always taken); no account holds more than its
  // limit on a side.
  let net = new Map(runner.netBefore)
  for (const event of events) {
    if (event.type !== 'position_opened' && event.type !== 'position_closed') continue
    const { order } = event
    if (order.userId === DEMO_USER) continue
    const max = runner.terms.find((t) => t.id === order.instrumentId)?.maxNetLots ?? null
    const was = net.get(order.instrumentId) ?? money(0)
    const signed =
      (order.side === Side.Buy) === (event.type === 'position_opened') ? order.lots : order.lots.negated()
    const next = was.plus(signed)
    if (event.type === 'position_opened' && max !== null)
      check(
        !next.abs().greaterThan(max) || !next.abs().greaterThan(was.abs()),
        () => `order ${order.id} took the net of ${order.instrumentId} from ${was} to ${next} (max ${max})`,
      )
    net.set(order.instrumentId, next)
  }
  for (const m of MARKETS) {
    const real = USERS.filter((u) => u !== DEMO_USER)
      .flatMap((u) => engine.ordersOf(u))
      .filter((o) => o.status === OrderStatus.Holding && o.instrumentId === m.id)
      .reduce((sum, o) => (o.side === Side.Buy ? sum.plus(o.lots) : sum.minus(o.lots)), money(0))
    check(engine.netLots(m.id).equals(real), () => `net of ${m.id}: ${engine.netLots(m.id)} vs ${real}`)
    check(
      real.equals(net.get(m.id) ?? money(0)),
      () => `net of ${m.id} by events: ${net.get(m.id)} vs ${real}`,
    )
    const max = runner.terms.find((t) => t.id === m.id)?.maxAccountLots ?? null
    if (max !== null)
      for (const u of USERS)
        for (const side of [Side.Buy, Side.Sell]) {
          const held = engine
            .ordersOf(u)
            .filter((o) => o.instrumentId === m.id && o.side === side)
            .reduce((sum, o) => sum.plus(o.lots), money(0))
          check(
            !held.greaterThan(max),
            () => `user ${u} holds ${held} on side ${side} of ${m.id} (max ${max})`,
          )
        }
  }
  net = new Map(MARKETS.map((m) => [m.id, engine.netLots(m.id)]))
  runner.netBefore = net
}

/** Checks the invariants after each step; `ledger` carries each user's expected balance along. */
function checkStep(
  runner: Runner,
  record: Record_,
  before: string,
  ledger: Map<number, Money>,
  follows: Map<number, Follow>,
): void {
  checkCommand(runner, record, before)
  checkCopies(runner, record, follows)
  checkLedger(runner, record, ledger)
  checkLimits(runner, record)
  checkMargins(runner, record)
  checkTriggers(runner, record)
}

export function runAll(setup: Setup, check: boolean, restartAt = -1): { runner: Runner; records: Record_[] } {
  const runner = new Runner(setup)
  const ledger = new Map(USERS.map((u, i) => [u, money(setup.balances[i] as number)]))
  const records: Record_[] = []
  for (const [i, step] of setup.steps.entries()) {
    if (i === restartAt) runner.restart()
    // Ticks are never refused: only commands need the state before, to show a refusal changed nothing.
    const before = check && step.kind !== 'tick' ? runner.fingerprint() : ''
    const follows = check ? runningFollows(runner) : new Map<number, Follow>()
    if (check) runner.liveBefore = new Set(USERS.flatMap((u) => runner.engine.ordersOf(u).map((o) => o.id)))
    if (check)
      for (const u of USERS) {
        const live = runner.engine.ordersOf(u)
        runner.holdingBefore.set(u, live.filter((o) => o.status === OrderStatus.Holding).length)
        for (const o of live) runner.stopsBefore.set(o.id, o.stopLoss)
      }
    const record = runner.run(step)
    records.push(record)
    if (check) checkStep(runner, record, before, ledger, follows)
  }
  return { runner, records }
}
