import {
  eventOwner,
  runClientCommand,
  type ClientCommand,
  type CommandResult,
  type EngineEvent,
  type Quote,
  type TradingEngine,
} from '@tp/engine'
import type { Db, DbOrTx, Tx } from '../db/client.ts'
import type { Refusal } from '../outcome/outcome.ts'
import type { WriterLock } from '../db/writer-lock.ts'
import { loadPricing, loadRisk, loadTradingTerms, rebuildEngine, topUpOrderIds } from './desk-state.ts'
import { copySettings } from '../copying/copy-settings.ts'
import { IdempotentRuns } from './idempotent-runs.ts'
import { claimFence, isFenceLost, writeEvents } from './event-writer.ts'
import type { IdempotentOutcome } from './idempotency-keys.ts'
import { accountState } from './live-state.ts'

/** A command the desk could not run or commit: nothing was written, the caller may retry. */
export const UNAVAILABLE = { ok: false, reason: 'trading_unavailable' } as const
/**
 * A command sent to the engine by another process with no answer in time (decision 049): it may or
 * may not have run; the same idempotency key never runs it twice.
 */
export const UNANSWERED = { ok: false, reason: 'command_unanswered' } as const
export type DeskResult = CommandResult | typeof UNAVAILABLE | typeof UNANSWERED

interface Queued {
  userId: number
  command: ClientCommand
  /** An idempotency key: the command's first answer is stored with its events. */
  key?: string
  /** Run nothing from this instant (ms since the epoch) on: its sender has stopped waiting. */
  runBefore?: number
  resolve: (result: DeskResult) => void
}

/**
 * A command that must commit together with other writes of its own (a withdrawal row, a deposit's
 * status): run in its own transaction, one at a time, between the batches of orders.
 */
export interface MoneyStep<P> {
  /** Reads and locks what the command needs; a refusal ends the step with nothing changed. */
  prepare(tx: Tx): Promise<{ ok: true; value: P } | Refusal>
  /** The engine command, given what `prepare` read. */
  command(engine: TradingEngine, prepared: P): CommandResult
  /** The writes that go with the command's events, in the same transaction. */
  finish?(tx: Tx, prepared: P): Promise<void>
}

/** A step's answer: the command's, or a refusal of `prepare` (with its message's parameters). */
export type MoneyResult = DeskResult | Refusal

interface MoneyItem {
  /** 0 for a step that opens its account: `prepare` names it (see openAccount). */
  userId: number
  step: MoneyStep<unknown>
  opens?: true
  /** An idempotency key: stored with the step's writes when it succeeds. */
  key?: string
  resolve: (result: MoneyResult) => void
}

/** Thrown inside a step's transaction to roll it back and answer `result` instead. */
class RollBack extends Error {
  constructor(readonly result: MoneyResult) {
    super('rolled back')
  }
}

/**
 * What the HTTP routes use of the desk: the desk itself where it runs, a gateway's RemoteDesk
 * elsewhere (trading/command-stream/remote-desk.ts, decision 049).
 */
export interface DeskPort {
  /**
   * `requestId`: the HTTP request's, carried to the engine's log lines where the desk runs elsewhere;
   * `runBefore`: the instant from which the command must not run (a gateway stopped waiting).
   */
  run(
    userId: number,
    command: ClientCommand,
    key?: string,
    requestId?: string,
    runBefore?: number,
  ): Promise<DeskResult>
  runMoney<P>(userId: number, step: MoneyStep<P>, key?: string): Promise<MoneyResult>
  openAccount<P extends { userId: number }>(step: MoneyStep<P>): Promise<MoneyResult>
  /** Takes new risk settings and catalogue terms from the database. */
  reload(): Promise<void>
  readonly available: boolean
}

export interface DeskHooks {
  /** Called with every committed batch of events, in order (publishing, notifications). */
  committed(events: readonly EngineEvent[]): void
  error(error: unknown, context: string): void
  /** The writer lock is gone for good: this process must stop (main.ts exits). */
  fatal(message: string): void
  /** The engine was rebuilt from the database (after a failure, or a regained lock): memory may differ from before. */
  rebuilt?(): void
}

export interface DeskOptions {
  db: Db
  /** The last quote of every instrument, primed into a rebuilt engine. */
  lastQuotes: () => Map<number, Quote>
  writer: WriterLock
  hooks: DeskHooks
  /** The server's clock: ticks older than the stale limit by it fire nothing. */
  nowMs: () => number
  /** How long to try to take a lost writer lock back before giving up (REGAIN_WRITER_MS). */
  regainWriterMs?: number
  /** Told of every commit of a batch: its commands and how long the transaction took (metrics). */
  observeCommit?: (commands: number, seconds: number) => void
}

/** How long to wait before trying to rebuild again while the database is away. */
const RECOVERY_RETRY_MS = 1000
/** How long a server that lost its writer lock keeps trying to take it back before it exits. */
const REGAIN_WRITER_MS = 30_000

/**
 * The one writer of trading state. Commands and ticks run on the engine at once; their events wait
 * for the next commit, which writes everything that arrived meanwhile in one statement (group
 * commit). A command's caller hears back only after its events are committed.
 *
 * Failures never leave memory ahead of the database: a batch that fails is written again account by
 * account (one account's failing write does not refuse the others), and the engine is then rebuilt
 * from the database, as it is after a command or tick that threw. Every write carries the fence
 * epoch this server claimed; if the writer lock's connection drops, the desk refuses everything at
 * once, then takes the lock back (and rebuilds) or tells main.ts to exit.
 */
export class TradingDesk implements DeskPort {
  private engine: TradingEngine
  /** Instruments the price source stopped quoting, until their next tick (see halt). */
  private readonly halted = new Set<number>()
  private queue: Queued[] = []
  private moneyQueue: MoneyItem[] = []
  private tickEvents: EngineEvent[] = []
  private committing = false
  private scheduled = false
  /**
   * running: normal; recovering: memory may differ from the database (a failed write, a throw) and
   * the engine is rebuilt at the end of the current commit; fenced: the writer lock is lost.
   */
  private state: 'running' | 'recovering' | 'fenced' = 'running'
  /** When the follows' copy stop-losses were last checked, and the UTC day their profit share was last settled. */
  private copyStopsCheckedMs = 0
  private sharesSettledDay = ''
  private readonly once: IdempotentRuns<DeskResult>
  private readonly moneyOnce: IdempotentRuns<MoneyResult>

  private constructor(
    private readonly options: DeskOptions,
    private epoch: number,
    engine: TradingEngine,
  ) {
    this.engine = engine
    this.once = new IdempotentRuns<DeskResult>(options.db, UNAVAILABLE)
    this.moneyOnce = new IdempotentRuns<MoneyResult>(options.db, UNAVAILABLE)
    options.writer.onLost(() => this.writerLost())
  }

  /** Claims the writer fence, then builds the engine from the database (in that order: see claimFence). */
  static async open(options: DeskOptions): Promise<TradingDesk> {
    const epoch = await claimFence(options.db)
    const engine = await rebuildEngine(options.db, options.lastQuotes())
    return new TradingDesk(options, epoch, engine)
  }

  /** Read-only use of the engine (lists, marks). Never change it from outside. */
  get view(): TradingEngine {
    return this.engine
  }

  /** Whether commands are being taken (false while recovering or after losing the writer lock). */
  get available(): boolean {
    return this.state === 'running'
  }

  /** Commands and money steps waiting for their turn (metrics). */
  get queueDepth(): number {
    return this.queue.length + this.moneyQueue.length
  }

  /**
   * Runs a command for `userId` in the next batch; resolves once its events are committed, or with
   * UNAVAILABLE if they could not be. With an idempotency `key`, a command already run with that key
   * by that user within a day is not run again: its first answer comes back (see IdempotentRuns).
   * With `runBefore`, a command whose turn comes at or after that instant is not run (UNANSWERED,
   * nothing written: its sender, a gateway, has told its client it has no answer).
   */
  run(
    userId: number,
    command: ClientCommand,
    key?: string,
    _requestId?: string,
    runBefore?: number,
  ): Promise<DeskResult> {
    const queued = {
      userId,
      command,
      ...(key !== undefined && { key }),
      ...(runBefore !== undefined && { runBefore }),
    }
    if (key === undefined) return this.enqueue(queued)
    return this.once.run(userId, key, () => this.enqueue(queued))
  }

  /**
   * Runs a money step (see MoneyStep) for `userId` after the current batch, in a transaction of its
   * own that holds the step's writes and the command's events (and the ticks' events so far, so that
   * the ledger keeps its order). Resolves once committed; a refusal or failure changes nothing.
   */
  runMoney<P>(userId: number, step: MoneyStep<P>, key?: string): Promise<MoneyResult> {
    if (key === undefined) return this.enqueueMoney(userId, step)
    // A retry of a step that succeeded gets its success back and runs nothing (refusals are not
    // stored: nothing was written, and a retry may run again).
    return this.moneyOnce.run(userId, key, () => this.enqueueMoney(userId, step, key))
  }

  /**
   * Runs a money step for an account its own `prepare` creates (a demo account and its starting
   * balance): the user and account rows are inserted in the step's transaction, the desk takes the
   * account in from there, and the command's bookings are written as every other booking is (the
   * writer fence, bookings from the stored balance), so an account never exists without its first
   * money. A refusal or failure writes nothing.
   */
  openAccount<P extends { userId: number }>(step: MoneyStep<P>): Promise<MoneyResult> {
    if (this.state !== 'running') return Promise.resolve(UNAVAILABLE)
    return new Promise((resolve) => {
      this.moneyQueue.push({ userId: 0, step: step as MoneyStep<unknown>, opens: true, resolve })
      this.schedule()
    })
  }

  private async enqueueMoney<P>(userId: number, step: MoneyStep<P>, key?: string): Promise<MoneyResult> {
    if (!(await this.admit(userId))) return UNAVAILABLE
    return new Promise((resolve) => {
      this.moneyQueue.push({
        userId,
        step: step as MoneyStep<unknown>,
        ...(key === undefined ? {} : { key }),
        resolve,
      })
      this.schedule()
    })
  }

  /** Queues a command for the next batch; with a key, its answer is stored with its events. */
  private async enqueue(queued: Omit<Queued, 'resolve'>): Promise<DeskResult> {
    if (!(await this.admit(queued.userId))) return UNAVAILABLE
    // A follow needs its leader's account in the engine too.
    if (queued.command.kind === 'follow' && !(await this.admit(queued.command.follow.leaderId)))
      return UNAVAILABLE
    return new Promise((resolve) => {
      this.queue.push({ ...queued, resolve })
      this.schedule()
    })
  }

  /**
   * A quote from the feed: fires triggers and risk checks now; their events join the next commit. A
   * quote older than the stale limit by the server's clock (a stalled feed, a replay) fires nothing:
   * automatic closes happen at live prices only.
   */
  tick(instrumentId: number, quote: Quote): void {
    if (this.state !== 'running') return
    if (this.options.nowMs() - quote.timeMs > this.engine.riskSettings().maxQuoteAgeMs) return
    try {
      this.halted.delete(instrumentId)
      // Orders whose expiry the clock has reached end first: none fills after its time.
      const events = [
        ...this.engine.expireDue(this.options.nowMs()),
        ...this.engine.applyTick(instrumentId, quote),
      ]
      if (events.length === 0) return
      for (const event of events) this.tickEvents.push(event)
    } catch (error) {
      this.options.hooks.error(error, 'a tick failed; the engine will be rebuilt')
      this.stopForRebuild()
    }
    this.schedule()
  }

  /**
   * The price source no longer quotes the instrument: its market is closed until the next tick. Kept
   * here too, so that an engine rebuilt meanwhile (a failed commit, a regained lock) is closed as well:
   * a stored quote is no live market.
   */
  halt(instrumentId: number): void {
    this.halted.add(instrumentId)
    if (this.state === 'running') this.engine.haltQuotes(instrumentId)
  }

  /** A rebuilt engine, closed where the source quotes nothing now; the hook is told after it runs. */
  private takeRebuilt(engine: TradingEngine): TradingEngine {
    for (const instrumentId of this.halted) engine.haltQuotes(instrumentId)
    queueMicrotask(() => {
      try {
        this.options.hooks.rebuilt?.()
      } catch (error) {
        this.options.hooks.error(error, 'telling of a rebuilt engine failed')
      }
    })
    return engine
  }

  /**
   * The clock's work (a timer calls it; none needs a quote): expires the pending orders whose
   * expiry the server's clock has reached, books the swaps of a rollover it has reached, and passes
   * on the trailed stops that moved (each position's at most once a second: the engine triggers on
   * the exact stop meanwhile; decision 033); once a second, ends the follows whose copy stop-loss
   * is reached, and once a UTC day charges the follows' profit share (decision 053: settling twice
   * charges nothing more, so a restart may settle again). Their events join the next commit, as a
   * tick's do.
   */
  onClock(): void {
    if (this.state !== 'running') return
    try {
      const nowMs = this.options.nowMs()
      const events = [
        ...this.engine.expireDue(nowMs),
        ...this.engine.rolloverDue(nowMs),
        ...this.engine.trailedStops(nowMs),
        ...this.copyWork(nowMs),
      ]
      if (events.length === 0) return
      for (const event of events) this.tickEvents.push(event)
    } catch (error) {
      this.options.hooks.error(error, "the clock's work failed; the engine will be rebuilt")
      this.stopForRebuild()
    }
    this.schedule()
  }

  private copyWork(nowMs: number): EngineEvent[] {
    const events: EngineEvent[] = []
    if (nowMs - this.copyStopsCheckedMs >= 1000) {
      this.copyStopsCheckedMs = nowMs
      events.push(...this.engine.checkCopyStops(nowMs))
    }
    const day = new Date(nowMs).toISOString().slice(0, 10)
    if (day !== this.sharesSettledDay) {
      this.sharesSettledDay = day
      events.push(...this.engine.settleProfitShares(nowMs))
    }
    return events
  }

  /**
   * Takes new risk settings and catalogue terms from the database (the back office calls this after
   * a change). Applied between commands; held positions keep what they were booked with.
   */
  async reload(): Promise<void> {
    try {
      const [risk, terms] = [await loadRisk(this.options.db), await loadTradingTerms(this.options.db)]
      const pricing = await loadPricing(this.options.db)
      const copying = await copySettings(this.options.db)
      this.engine.setRisk(risk)
      this.engine.setCopySettings(copying)
      this.engine.setInstruments(terms)
      this.engine.setPricing(pricing.groups, pricing.markups)
    } catch (error) {
      // The change is committed: memory must not go on with the old terms. A rebuild reads them.
      this.options.hooks.error(error, 'reloading the catalogue failed; the engine will be rebuilt')
      this.stopForRebuild()
      this.schedule()
    }
  }

  /** Waits until everything queued so far is committed (tests and shutdown). */
  async settle(): Promise<void> {
    while (
      this.committing ||
      this.scheduled ||
      this.queue.length > 0 ||
      this.moneyQueue.length > 0 ||
      this.tickEvents.length > 0
    ) {
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** Whether the desk takes work for `userId` now: running, with the account loaded. */
  private async admit(userId: number): Promise<boolean> {
    if (this.state !== 'running') return false
    try {
      await this.ensureAccount(userId)
      return true
    } catch (error) {
      this.options.hooks.error(error, 'loading an account failed')
      return false
    }
  }

  /**
   * Loads an account the engine has not seen (it has no live orders, so only its balance counts),
   * from `db`: the database, or the transaction that has just created it.
   */
  private async ensureAccount(userId: number, db: DbOrTx = this.options.db): Promise<void> {
    if (this.engine.hasAccount(userId)) return
    const account = await accountState(db, userId)
    if (account)
      this.engine.addAccount(userId, account.balance, account.marginCalled, account.frozen, account.demo)
  }

  private schedule(): void {
    if (this.scheduled || this.committing) return
    this.scheduled = true
    setImmediate(() => void this.commit())
  }

  /** One commit at a time; a rebuild or a regained lock also run as one (see `exclusive`). */
  private async commit(): Promise<void> {
    this.scheduled = false
    await this.exclusive(async () => {
      const batch = this.queue.splice(0)
      const money = this.moneyQueue.splice(0)
      if (this.state !== 'running') {
        for (const item of batch) item.resolve(UNAVAILABLE)
        for (const item of money) item.resolve(UNAVAILABLE)
        this.tickEvents = []
        // A failed tick or reload left memory unsure: rebuild it from the database now.
        if (this.mustRebuild()) await this.recover()
        return
      }
      await this.write(batch, await this.runCommands(batch))
      for (const item of money) item.resolve(await this.runMoneyStep(item))
      if (this.mustRebuild()) await this.recover()
    })
  }

  /** Runs `work` while no commit, rebuild or regain runs, and keeps the others out meanwhile. */
  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.committing) await new Promise((resolve) => setImmediate(resolve))
    this.committing = true
    try {
      await work()
    } catch (error) {
      // Only bugs get here (every expected failure is handled where it happens): start afresh.
      this.options.hooks.error(error, 'trading desk failed; rebuilding')
      this.stopForRebuild()
      if (this.mustRebuild()) await this.recover()
    } finally {
      this.committing = false
    }
    // Work that came meanwhile, or a tick or reload that failed while this ran (its own schedule()
    // found a commit under way), is taken up by the next commit.
    if (
      this.queue.length > 0 ||
      this.moneyQueue.length > 0 ||
      this.tickEvents.length > 0 ||
      this.mustRebuild()
    )
      this.schedule()
  }

  /** One money step in its own transaction (inside a commit: nothing else writes meanwhile). */
  private async runMoneyStep(item: MoneyItem): Promise<MoneyResult> {
    if (this.state !== 'running') return UNAVAILABLE
    let committed: EngineEvent[] = []
    /** An account taken in from this step's transaction: memory is ahead of the database until it commits. */
    let openedInMemory = false
    try {
      const result = await this.options.db.transaction(async (tx) => {
        const prepared = await item.step.prepare(tx)
        if (!prepared.ok) throw new RollBack(prepared)
        const userId = item.opens ? (prepared.value as { userId: number }).userId : item.userId
        if (item.opens && this.state === 'running') {
          // Only this transaction sees the new account yet: the engine takes it in from here.
          await this.ensureAccount(userId, tx)
          openedInMemory = true
        }
        if (this.state !== 'running' || !this.engine.hasAccount(userId)) throw new RollBack(UNAVAILABLE)
        let result: CommandResult
        try {
          result = item.step.command(this.engine, prepared.value)
        } catch (error) {
          this.stopForRebuild()
          throw error
        }
        if (!result.ok) throw new RollBack(result)
        // From here memory is ahead of the database until this transaction commits.
        const events = [...this.tickEvents.splice(0), ...result.events]
        try {
          const keys =
            item.key === undefined ? [] : [{ userId: item.userId, key: item.key, outcome: { orderId: 0 } }]
          await writeEvents(tx, this.epoch, events, keys)
          await item.step.finish?.(tx, prepared.value)
        } catch (error) {
          this.stopForRebuild()
          throw error
        }
        committed = events
        return result
      })
      this.publish(committed)
      return result
    } catch (error) {
      // An account taken in from a transaction that did not commit must leave memory again.
      if (error instanceof RollBack && openedInMemory) this.stopForRebuild()
      if (error instanceof RollBack) return error.result
      this.stopForRebuild()
      if (isFenceLost(error)) this.writerLost()
      else this.options.hooks.error(error, 'a money step failed; the engine will be rebuilt')
      return UNAVAILABLE
    }
  }

  /**
   * Memory may no longer equal the database: from now on ticks are ignored and commands refused
   * until the engine is rebuilt (at the end of the current commit).
   */
  private stopForRebuild(): void {
    if (this.state === 'running') this.state = 'recovering'
  }

  /** Whether memory may differ from the database (read after awaits: the state moves under them). */
  private mustRebuild(): boolean {
    return this.state === 'recovering'
  }

  /**
   * Runs the batch's commands on the engine (after making sure it has an order id for each). After
   * a command throws, the rest of the batch is refused: it would run on a half-changed engine.
   */
  private async runCommands(batch: Queued[]): Promise<DeskResult[]> {
    try {
      const copies = this.engine.idsWantedForCopies(batch.map((item) => item.userId))
      await topUpOrderIds(this.options.db, this.engine, batch.length + copies)
    } catch (error) {
      this.options.hooks.error(error, 'reserving order ids failed')
      return batch.map(() => UNAVAILABLE)
    }
    return batch.map((item) => {
      // An account loaded into an engine that a rebuild has since replaced is not in this one.
      if (this.state !== 'running' || !this.engine.hasAccount(item.userId)) return UNAVAILABLE
      if (item.runBefore !== undefined && Date.now() >= item.runBefore) return UNANSWERED
      try {
        return runClientCommand(this.engine, item.userId, item.command, this.options.nowMs())
      } catch (error) {
        this.options.hooks.error(error, 'a trading command failed; the engine will be rebuilt')
        this.stopForRebuild()
        return UNAVAILABLE
      }
    })
  }

  /** Commits the batch's events (and the ticks' since the last commit), then answers the callers. */
  private async write(batch: Queued[], results: DeskResult[]): Promise<void> {
    const events = this.tickEvents.splice(0)
    const keys: IdempotentOutcome[] = []
    batch.forEach((item, i) => {
      const result = results[i] as DeskResult
      // Nothing ran: nothing is stored under its key, and a retry runs.
      if (result === UNAVAILABLE || result === UNANSWERED) return
      if (result.ok) events.push(...result.events)
      if (item.key !== undefined)
        keys.push({
          userId: item.userId,
          key: item.key,
          outcome: result.ok
            ? { orderId: result.orderId ?? 0 }
            : {
                reason: result.reason,
                ...('detail' in result && result.detail && { detail: result.detail }),
              },
        })
    })
    const answer = () => batch.forEach((item, i) => item.resolve(results[i] as DeskResult))
    if (events.length === 0 && keys.length === 0) return answer()
    try {
      const started = performance.now()
      await writeEvents(this.options.db, this.epoch, events, keys)
      this.options.observeCommit?.(batch.length, (performance.now() - started) / 1000)
    } catch (error) {
      if (isFenceLost(error)) {
        for (const item of batch) item.resolve(UNAVAILABLE)
        return this.writerLost()
      }
      this.options.hooks.error(error, 'trading commit failed; writing account by account')
      // Ticks that arrive from now on would be computed on an engine about to be replaced.
      this.stopForRebuild()
      this.tickEvents = []
      return this.writeByAccount(batch, results, events, keys)
    }
    answer()
    this.publish(events)
  }

  /** Hands committed events to the hook; a failure there never undoes or repeats the commit. */
  private publish(events: readonly EngineEvent[]): void {
    try {
      this.options.hooks.committed(events)
    } catch (error) {
      this.options.hooks.error(error, 'publishing committed trading events failed')
    }
  }

  /**
   * After a failed batch: each account's events and keys in their own statement, so that one account
   * cannot refuse everyone. Accounts whose write fails again are answered UNAVAILABLE; a failure
   * that is not about one account (the database is away, the fence is lost) stops the retry. The
   * engine is rebuilt afterwards from what the database holds.
   */
  private async writeByAccount(
    batch: Queued[],
    results: DeskResult[],
    events: EngineEvent[],
    keys: IdempotentOutcome[],
  ): Promise<void> {
    const users = new Set([...events.map(eventOwner), ...keys.map((k) => k.userId)])
    const done = new Set<number>()
    const written: EngineEvent[] = []
    let fenced = false
    for (const userId of users) {
      const own = events.filter((e) => eventOwner(e) === userId)
      try {
        await writeEvents(
          this.options.db,
          this.epoch,
          own,
          keys.filter((k) => k.userId === userId),
        )
        done.add(userId)
        written.push(...own)
      } catch (error) {
        this.options.hooks.error(error, `trading write failed for user ${userId}`)
        fenced = isFenceLost(error)
        if (fenced || !isAboutOneAccount(error)) break
      }
    }
    // A command with no events and no key wrote nothing and answers as it ran.
    batch.forEach((item, i) => {
      const wrote = done.has(item.userId) || !users.has(item.userId)
      item.resolve(wrote ? (results[i] as DeskResult) : UNAVAILABLE)
    })
    if (written.length > 0) this.publish(written)
    if (fenced) this.writerLost()
  }

  /** Rebuilds the engine from the database, retrying while the database is away (inside a commit). */
  private async recover(): Promise<void> {
    for (;;) {
      try {
        const engine = await rebuildEngine(this.options.db, this.options.lastQuotes())
        // The writer lock may have gone meanwhile: then the regain rebuilds, not this.
        if (this.state !== 'recovering') return
        this.engine = this.takeRebuilt(engine)
        this.tickEvents = []
        this.state = 'running'
        return
      } catch (error) {
        this.options.hooks.error(error, 'engine rebuild failed; retrying')
        await sleep(RECOVERY_RETRY_MS)
      }
    }
  }

  /** The writer lock is gone: refuse at once, then take it back and rebuild, or give up and exit. */
  private writerLost(): void {
    if (this.state === 'fenced') return
    this.state = 'fenced'
    this.tickEvents = []
    this.options.hooks.error(new Error('writer lock lost'), 'trading stopped: the writer lock was lost')
    void this.regainWriter()
  }

  /**
   * Waits a moment first (the connection just dropped; a standby may be taking over, and either way
   * the fence keeps two writers apart), then tries every RECOVERY_RETRY_MS until the deadline. The
   * fence and the rebuild run with no commit in flight.
   */
  private async regainWriter(): Promise<void> {
    const deadline = Date.now() + (this.options.regainWriterMs ?? REGAIN_WRITER_MS)
    for (;;) {
      await sleep(RECOVERY_RETRY_MS)
      if (Date.now() >= deadline) break
      try {
        if (await this.options.writer.reacquire()) {
          await this.exclusive(async () => {
            this.epoch = await claimFence(this.options.db)
            this.engine = this.takeRebuilt(await rebuildEngine(this.options.db, this.options.lastQuotes()))
            this.tickEvents = []
            this.state = 'running'
          })
          if (this.state === 'running') return
        }
      } catch (error) {
        this.options.hooks.error(error, 'taking the writer lock back failed; retrying')
      }
    }
    this.options.hooks.fatal('the writer lock was lost and another server holds it now')
  }
}

/**
 * Whether a failed statement failed because of one account's data (a constraint, a value out of
 * range: SQLSTATE classes 22 and 23), so that other accounts' writes may still go through. Anything
 * else (a lost connection, a database shutting down) would fail for everyone.
 */
function isAboutOneAccount(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^2[23]/.test(code)) return true
  }
  return false
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
