/**
 * The trading engine: accounts, positions, pending orders and the trigger index, in memory, with no
 * IO, clock or randomness (docs/architecture.md). Commands and ticks return events; the server persists
 * them and never changes engine state another way. Booked amounts are exact decimals; marks are
 * floats. This class is the only way in; each concern lives in a file of `./engine/`:
 * commands (open.ts, pending-commands.ts, position-commands.ts, close-by.ts, alert-commands.ts,
 * money-commands.ts), the tick path (tick.ts), risk (risk.ts), bookings (ledger.ts, rollover.ts,
 * positions.ts), costs (costs.ts), limits (limits.ts, demo-limits.ts) and client groups' prices
 * (pricing.ts).
 */
import { ClosedType, OrderStatus, type LedgerTypeValue } from '@tp/contracts'
import { money, type Money } from './money.ts'
import type { PriceAlert } from './alert-book.ts'
import type { CommandResult, EngineEvent, InstrumentTerms, Order, Quote, RiskSettings } from './types.ts'
import type { AccountView, OpenCommand, PendingChange, PositionMark } from './engine/commands.ts'
import { withdrawableOf } from './engine/costs.ts'
import { assert } from './engine/assert.ts'
import { EngineState } from './engine/state.ts'
import { open } from './engine/open.ts'
import { cancel, modifyPending } from './engine/pending-commands.ts'
import { close, closeAll, setStops, setTrailing, type CloseAllPick } from './engine/position-commands.ts'
import { closeBy } from './engine/close-by.ts'
import { addAlert, removeAlert } from './engine/alert-commands.ts'
import { adjustBalance, moveFrozen, resetAccount } from './engine/money-commands.ts'
import { applyTick, expireDue } from './engine/tick.ts'
import { rolloverDue } from './engine/rollover.ts'
import { attachPosition } from './engine/positions.ts'
import { accountTotals, accountView, markOf, ordersOf } from './engine/views.ts'
import { MAX_TRAILED_LISTED, TRAIL_SHOWN_EVERY_MS } from './engine/limits.ts'
import { setPricing } from './engine/pricing.ts'
import { PriceGroups, type GroupMarkup } from './price-groups.ts'
import type { CopySettings, Follow } from './copy-book.ts'
import {
  changeFollow,
  follow,
  unfollow,
  type FollowChange,
  type FollowCommand,
} from './engine/follow-commands.ts'
import { checkCopyStops, settleShares } from './engine/follow-results.ts'
export { followValue, openCopyResult, type FollowMarks } from './engine/follow-results.ts'
import { mirror } from './engine/mirror.ts'

export * from './engine/limits.ts'
export type { CloseAllPick } from './engine/position-commands.ts'
export type { AccountView, OpenCommand, PendingChange, PositionMark } from './engine/commands.ts'
export type { FollowChange, FollowCommand } from './engine/follow-commands.ts'
export * from './copy-book.ts'

export class TradingEngine {
  private readonly s: EngineState

  constructor(instruments: readonly InstrumentTerms[], risk: RiskSettings) {
    this.s = new EngineState(risk)
    this.setInstruments(instruments)
  }

  /**
   * The catalogue, disabled instruments included: their live orders stay closable and fire their
   * stops at live quotes, but nothing new opens on them. Terms may change while the engine runs
   * (staff edit the catalogue); held positions keep the margin and fee they were booked with.
   */
  setInstruments(list: readonly InstrumentTerms[]): void {
    this.s.instruments.clear()
    for (const terms of list) this.s.instruments.set(terms.id, terms)
    this.s.exposures.setConversions(this.s.rates.setInstruments(list))
    // Rollover times may have changed.
    this.s.nextRolloverMs = 0
  }

  /**
   * Client groups and their spread markups (decision 052): from now on each client trades, is marked
   * and has its triggers fire at the house's quote widened by its group's markup. Accounts whose
   * quotes change are re-keyed; returns their user ids.
   */
  setPricing(groups: ReadonlyMap<number, string>, markups: readonly GroupMarkup[]): number[] {
    return setPricing(this.s, new PriceGroups(groups, markups))
  }

  /** The client group `userId` is priced as (decision 052). */
  clientGroupOf(userId: number): string {
    return this.s.pricing.groupOf(userId)
  }

  /** The last quote of an instrument as `userId` sees it (its group's markup on the house's price). */
  quoteFor(userId: number, instrumentId: number): Quote | undefined {
    const quote = this.s.quotes.get(instrumentId)
    return quote && this.s.instruments.has(instrumentId)
      ? this.s.quoteFor(userId, instrumentId, quote)
      : undefined
  }

  setRisk(risk: RiskSettings): void {
    this.s.risk = risk
  }

  riskSettings(): RiskSettings {
    return this.s.risk
  }

  // ---- state from outside: restore after a restart, quotes without side effects ----

  /**
   * Registers an account (a new user, or one restored from the database with its margin-call state).
   * A demo account's positions are no risk of the house's: they count in no net exposure limit.
   */
  addAccount(userId: number, balance: string, marginCalled = false, frozen = '0', demo = false): void {
    if (this.s.accounts.has(userId)) return
    const account = {
      userId,
      balance: money(balance),
      frozen: money(frozen),
      holding: new Set<number>(),
      pending: new Set<number>(),
      demo,
      slot: -1,
      exposures: new Map<number, number>(),
    }
    this.s.accounts.set(userId, account)
    this.s.exposures.register(account, Number(balance), marginCalled)
    if (demo) this.s.demoAccounts.add(account)
  }

  /**
   * Puts back a live order read from the database (its account must be added first, and the quotes
   * primed: a pending order waits on the side of its target the current price is on).
   */
  restoreOrder(order: Order): void {
    const account = this.s.accounts.get(order.userId)
    if (!account) throw new Error(`restoreOrder: no account ${order.userId}`)
    if (!this.s.instruments.has(order.instrumentId))
      throw new Error(`restoreOrder: order ${order.id} of unknown instrument ${order.instrumentId}`)
    assert(!this.s.orders.has(order.id), `order ${order.id} restored twice`)
    this.s.orders.set(order.id, { ...order })
    if (order.status === OrderStatus.Pending) {
      account.pending.add(order.id)
      this.s.triggers.addEntry(order)
      this.s.triggers.addExpiry(order)
    } else {
      attachPosition(this.s, account, order)
      if (account.demo && order.trailingPoints > 0) this.s.demoTrailing.add(order.id)
      // A copy of a running follow is mirrored again (one whose follow ended is the follower's own).
      if (order.followId !== 0 && this.s.copies.follows.has(order.followId))
        this.s.copies.attachCopy(order.followId, order.id, order.copyOf)
    }
  }

  /** Puts back an active price alert read from the database (its account need not be loaded). */
  restoreAlert(alert: PriceAlert): void {
    this.s.alerts.add({ ...alert })
    if (this.s.accounts.get(alert.userId)?.demo) this.s.demoAlerts.add(alert.id)
  }

  /** Sets the last quote without firing anything (on start; the next tick evaluates). */
  primeQuote(instrumentId: number, quote: Quote): void {
    this.s.quotes.set(instrumentId, quote)
  }

  /**
   * Grants the ids [first, first + count) for new orders (the server reserves them in its database,
   * so ids never repeat across restarts or servers). Example: grantOrderIds(1001, 1000).
   */
  grantOrderIds(first: number, count: number): void {
    if (!(Number.isSafeInteger(first) && first > 0 && Number.isSafeInteger(count) && count > 0))
      throw new Error(`grantOrderIds: bad block ${first} + ${count}`)
    this.s.idBlocks.push({ next: first, end: first + count })
  }

  /** How many granted order ids are left: the server grants more before they run out. */
  orderIdsLeft(): number {
    return this.s.idsLeft()
  }

  /**
   * The ids the server keeps granted beyond its commands' own: a leader's trade takes one for each of
   * its followers' copies (and a partial close one for each part), also when a tick fills its
   * pending order. `userIds`: the users of the commands about to run.
   */
  idsWantedForCopies(userIds: readonly number[]): number {
    let wanted = this.s.copies.largestFollowing()
    for (const userId of userIds) wanted += this.s.copies.followersOf(userId).length
    return wanted
  }

  // ---- commands (each in its file of ./engine/) ----

  open(command: OpenCommand): CommandResult {
    return this.mirrored(open(this.s, command), command.nowMs)
  }

  cancel(userId: number, orderId: number, nowMs: number): CommandResult {
    return cancel(this.s, userId, orderId, nowMs)
  }

  modifyPending(userId: number, orderId: number, change: PendingChange, nowMs: number): CommandResult {
    return modifyPending(this.s, userId, orderId, change, nowMs)
  }

  close(
    userId: number,
    orderId: number,
    nowMs: number,
    by: typeof ClosedType.User | typeof ClosedType.Staff = ClosedType.User,
    lots?: string,
  ): CommandResult {
    return this.mirrored(close(this.s, userId, orderId, nowMs, by, lots), nowMs)
  }

  closeAll(userId: number, pick: CloseAllPick, nowMs: number): CommandResult {
    return this.mirrored(closeAll(this.s, userId, pick, nowMs), nowMs)
  }

  /** MT5's "close by": `orderId` against the opposite position `byId` (engine/close-by.ts). */
  closeBy(userId: number, orderId: number, byId: number, nowMs: number): CommandResult {
    return this.mirrored(closeBy(this.s, userId, orderId, byId, nowMs), nowMs)
  }

  setStops(
    userId: number,
    orderId: number,
    stopLoss: number,
    takeProfit: number,
    nowMs: number,
  ): CommandResult {
    return this.mirrored(setStops(this.s, userId, orderId, stopLoss, takeProfit, nowMs), nowMs)
  }

  setTrailing(userId: number, orderId: number, points: number, nowMs: number): CommandResult {
    return this.mirrored(setTrailing(this.s, userId, orderId, points, nowMs), nowMs)
  }

  addAlert(
    userId: number,
    instrumentId: number,
    above: boolean,
    price: number,
    nowMs: number,
  ): CommandResult {
    return addAlert(this.s, userId, instrumentId, above, price, nowMs)
  }

  removeAlert(userId: number, alertId: number, nowMs: number): CommandResult {
    return removeAlert(this.s, userId, alertId, nowMs)
  }

  resetAccount(userId: number, balance: string, type: LedgerTypeValue, nowMs: number): CommandResult {
    return this.mirrored(resetAccount(this.s, userId, balance, type, nowMs), nowMs)
  }

  adjustBalance(userId: number, amount: string, type: LedgerTypeValue, ref: string): CommandResult {
    return adjustBalance(this.s, userId, amount, type, ref)
  }

  /** A withdrawal request: only what can be withdrawn now moves to the frozen balance. */
  freeze(userId: number, amount: string, ref: string): CommandResult {
    return moveFrozen(this.s, userId, amount, ref, 'freeze')
  }

  /** Returns frozen money to the balance (a withdrawal rejected). */
  release(userId: number, amount: string, ref: string): CommandResult {
    return moveFrozen(this.s, userId, amount, ref, 'release')
  }

  /** Books frozen money out of the account (a withdrawal paid). */
  payOut(userId: number, amount: string, ref: string): CommandResult {
    return moveFrozen(this.s, userId, amount, ref, 'pay_out')
  }

  // ---- copy trading (decision 053; mirroring happens in every command and tick above) ----

  setCopySettings(settings: CopySettings): void {
    this.s.copySettings = settings
  }

  follow(command: FollowCommand): CommandResult {
    return this.mirrored(follow(this.s, command), command.nowMs)
  }

  changeFollow(followerId: number, followId: number, change: FollowChange, nowMs: number): CommandResult {
    return this.mirrored(changeFollow(this.s, followerId, followId, change), nowMs)
  }

  unfollow(followerId: number, followId: number, closeCopies: boolean, nowMs: number): CommandResult {
    return this.mirrored(unfollow(this.s, followerId, followId, closeCopies, nowMs), nowMs)
  }

  /** Ends the follows whose allocation lost its copy stop-loss share, closing their copies (a timer calls it). */
  checkCopyStops(nowMs: number): EngineEvent[] {
    return this.finished(checkCopyStops(this.s, nowMs), nowMs)
  }

  /** Charges every running follow's profit share due (the desk's schedule calls it). */
  settleProfitShares(nowMs: number): EngineEvent[] {
    return this.finished(settleShares(this.s), nowMs)
  }

  /** Puts back a running follow read from the database (before its copies are restored). */
  restoreFollow(running: Follow): void {
    assert(running.endedAtMs === 0, `follow ${running.id} restored after its end`)
    assert(!this.s.copies.follows.has(running.id), `follow ${running.id} restored twice`)
    this.s.copies.add({ ...running })
  }

  /** The running follows of a follower (oldest first). */
  followsOf(followerId: number): Follow[] {
    return this.s.copies.followsOf(followerId).map((f) => ({ ...f }))
  }

  /** The running follows of a leader (oldest first). */
  followersOf(leaderId: number): Follow[] {
    return this.s.copies.followersOf(leaderId).map((f) => ({ ...f }))
  }

  /** How many open positions are copies. */
  copyCount(): number {
    return this.s.copies.copyCount
  }

  // ---- the clock and the feed ----

  applyTick(instrumentId: number, quote: Quote): EngineEvent[] {
    return this.finished(applyTick(this.s, instrumentId, quote), quote.timeMs)
  }

  /**
   * No price source quotes the instrument any more (every liquidity provider gone): its market is
   * closed (`market_closed`) until its next quote, instead of trading on the last one until it is
   * stale. Nothing fires: no quote moved.
   */
  haltQuotes(instrumentId: number): void {
    if (this.s.instruments.has(instrumentId)) this.s.halted.add(instrumentId)
  }

  expireDue(nowMs: number): EngineEvent[] {
    return this.finished(expireDue(this.s, nowMs), nowMs)
  }

  /** Swaps booked at a rollover; a stop-out they cause is mirrored like any other (decision 053). */
  rolloverDue(nowMs: number): EngineEvent[] {
    return this.finished(rolloverDue(this.s, nowMs), nowMs)
  }

  // ---- queries ----

  /**
   * What `userId` can withdraw now (USD, 2 decimals, rounded down, never below 0): free margin within
   * the balance, min(balance, free margin) at the marks of the moment (the frozen balance is apart
   * already). The one home of this figure: the wallet answer shows it and `freeze` refuses above it.
   * Example: balance 698.87 with 120.40 of margin and no profit: 578.47. A practice account
   * withdraws nothing: 0.00.
   */
  withdrawable(userId: number): string | undefined {
    const account = this.s.accounts.get(userId)
    if (!account) return undefined
    return account.demo ? '0.00' : withdrawableOf(this.s, account).toFixed(2)
  }

  /** Active price alerts (tests, the bench). */
  alertCount(): number {
    return this.s.alerts.size
  }

  quote(instrumentId: number): Quote | undefined {
    return this.s.quotes.get(instrumentId)
  }

  order(orderId: number): Order | undefined {
    const order = this.s.orders.get(orderId)
    return order && this.s.current(order)
  }

  /**
   * The positions whose trailed stops moved since they were last listed, each listed at most once
   * every TRAIL_SHOWN_EVERY_MS (the server's clock): the desk stores and shows them. The engine
   * triggers on the exact stop meanwhile; a restart goes on from the stored one (decision 033).
   * At most `limit` stops a call, in whole groups; the rest come with the next calls.
   */
  trailedStops(nowMs: number, limit = MAX_TRAILED_LISTED): EngineEvent[] {
    return this.s.triggers.trailedSince(nowMs, TRAIL_SHOWN_EVERY_MS, limit).map((order) => ({
      type: 'stop_trailed',
      orderId: order.id,
      userId: order.userId,
      stopLoss: order.stopLoss,
    }))
  }

  ordersOf(userId: number): Order[] {
    return ordersOf(this.s, userId)
  }

  /** The real clients' net lots on an instrument now (buys less sells; demo accounts aside). */
  netLots(instrumentId: number): Money {
    return this.s.house.netOf(instrumentId)
  }

  /** Whether the account is below the margin-call level since it was last checked. */
  /** Whether `userId`'s account is a practice (demo) account the engine holds. */
  isDemoAccount(userId: number): boolean {
    return this.s.accounts.get(userId)?.demo === true
  }

  isMarginCalled(userId: number): boolean {
    const account = this.s.accounts.get(userId)
    return account ? this.s.exposures.isMarginCalled(account) : false
  }

  hasAccount(userId: number): boolean {
    return this.s.accounts.has(userId)
  }

  balance(userId: number): Money | undefined {
    return this.s.accounts.get(userId)?.balance
  }

  accountTotals(): ReturnType<typeof accountTotals> {
    return accountTotals(this.s)
  }

  markOf(order: Order): PositionMark {
    return markOf(this.s, order)
  }

  accountView(userId: number): AccountView | undefined {
    return accountView(this.s, userId)
  }

  /**
   * Every way events leave the engine ends here: the leaders' trades among them mirrored for their
   * followers (mirror.ts), the copies' results counted, the accounts queued checked.
   */
  private finished(events: EngineEvent[], nowMs: number): EngineEvent[] {
    mirror(this.s, events, nowMs)
    return events
  }

  private mirrored(result: CommandResult, nowMs: number): CommandResult {
    if (result.ok) this.finished(result.events, nowMs)
    return result
  }
}
