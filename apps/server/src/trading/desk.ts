import {
  TradingEngine,
  type CommandResult,
  type EngineEvent,
  type InstrumentTerms,
  type Quote,
  type RiskSettings,
} from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { InstrumentDef } from '../market/catalogue.ts'
import { getSettings } from '../services/settings.ts'
import { accountBalance, loadLiveState, writeEvents } from './order-store.ts'

interface Queued {
  command: (engine: TradingEngine) => CommandResult
  resolve: (result: CommandResult) => void
  reject: (error: unknown) => void
}

export interface DeskHooks {
  /** Called with every committed batch of events, in order (publishing, notifications). */
  committed(events: readonly EngineEvent[]): void
  error(error: unknown, context: string): void
}

export const termsOf = (def: InstrumentDef): InstrumentTerms => ({
  id: def.id,
  code: def.code,
  precision: def.precision,
  lotStep: def.lotStep,
  minLots: def.minLots,
  maxLots: def.maxLots,
  contractSize: def.contractSize,
  marginMode: def.marginMode,
  feeRate: def.feeRate,
  leverage: def.leverage.map((o) => o.Value),
  quoteCurrency: def.quoteCurrency,
  sessions: def.sessions,
})

export async function loadRisk(db: Db): Promise<RiskSettings> {
  const s = await getSettings(db, [
    'trade_fee_type',
    'margin_call_level',
    'stop_out_level',
    'max_quote_age_ms',
  ])
  return {
    feePerLot: s.trade_fee_type === '1',
    marginCallLevel: Number(s.margin_call_level),
    stopOutLevel: Number(s.stop_out_level),
    maxQuoteAgeMs: Number(s.max_quote_age_ms),
  }
}

/**
 * The one writer of trading state. Commands and ticks run on the engine at once; their events wait
 * for the next commit, which writes everything that arrived meanwhile in one transaction (group
 * commit). A command's caller hears back only after its events are committed. If a commit fails,
 * the engine is rebuilt from the database, so memory never holds what the database lost.
 */
export class TradingDesk {
  private engine: TradingEngine
  private queue: Queued[] = []
  private tickEvents: EngineEvent[] = []
  private committing = false
  private scheduled = false
  /**
   * False from a failed commit until the engine is rebuilt from the database: meanwhile ticks are
   * ignored and commands refused, so nothing is decided on state the database does not hold.
   */
  private healthy = true

  private constructor(
    private readonly db: Db,
    private readonly instruments: () => InstrumentTerms[],
    private readonly lastQuotes: () => Map<number, Quote>,
    private readonly risk: RiskSettings,
    private readonly hooks: DeskHooks,
    engine: TradingEngine,
  ) {
    this.engine = engine
  }

  static async open(
    db: Db,
    instruments: () => InstrumentTerms[],
    lastQuotes: () => Map<number, Quote>,
    hooks: DeskHooks,
  ): Promise<TradingDesk> {
    const risk = await loadRisk(db)
    const engine = await rebuild(db, instruments(), lastQuotes(), risk)
    return new TradingDesk(db, instruments, lastQuotes, risk, hooks, engine)
  }

  /** Read-only use of the engine (lists, marks). Never change it from outside. */
  get view(): TradingEngine {
    return this.engine
  }

  /** Runs a command for `userId` in the next batch; resolves once its events are committed. */
  async run(userId: number, command: (engine: TradingEngine) => CommandResult): Promise<CommandResult> {
    if (!this.healthy) throw new Error('trading is recovering from a database failure')
    await this.ensureAccount(userId)
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject })
      this.schedule()
    })
  }

  /** A quote from the feed: fires triggers and risk checks now; their events join the next commit. */
  tick(instrumentId: number, quote: Quote): void {
    if (!this.healthy) return
    const events = this.engine.applyTick(instrumentId, quote)
    if (events.length === 0) return
    for (const event of events) this.tickEvents.push(event)
    this.schedule()
  }

  /** Waits until everything queued so far is committed (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.committing || this.scheduled || this.queue.length > 0 || this.tickEvents.length > 0) {
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** Loads an account the engine has not seen (it has no live orders, so only its balance counts). */
  private async ensureAccount(userId: number): Promise<void> {
    if (this.engine.hasAccount(userId)) return
    const balance = await accountBalance(this.db, userId)
    if (balance !== undefined) this.engine.addAccount(userId, balance)
  }

  private schedule(): void {
    if (this.scheduled || this.committing) return
    this.scheduled = true
    setImmediate(() => void this.commit())
  }

  private async commit(): Promise<void> {
    this.scheduled = false
    this.committing = true
    const batch = this.queue
    this.queue = []
    const results = batch.map((item) => {
      try {
        return item.command(this.engine)
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error))
      }
    })
    const events = this.tickEvents
    this.tickEvents = []
    for (const result of results) if (!(result instanceof Error) && result.ok) events.push(...result.events)
    try {
      if (events.length > 0) await writeEvents(this.db, events)
      batch.forEach((item, i) => {
        const result = results[i] as CommandResult | Error
        if (result instanceof Error) item.reject(result)
        else item.resolve(result)
      })
      if (events.length > 0) this.hooks.committed(events)
    } catch (error) {
      this.hooks.error(error, 'trading commit failed; rebuilding the engine from the database')
      for (const item of batch) item.reject(error)
      for (const item of this.queue.splice(0)) item.reject(error)
      this.healthy = false
      this.tickEvents = []
      await this.recover()
    } finally {
      this.committing = false
    }
    if (this.queue.length > 0 || this.tickEvents.length > 0) this.schedule()
  }

  /** Rebuilds the engine from the database, retrying until it succeeds. */
  private async recover(): Promise<void> {
    for (;;) {
      try {
        this.engine = await rebuild(this.db, this.instruments(), this.lastQuotes(), this.risk)
        this.healthy = true
        return
      } catch (error) {
        this.hooks.error(error, 'engine rebuild failed; retrying')
        await new Promise((resolve) => setTimeout(resolve, RECOVERY_RETRY_MS))
      }
    }
  }
}

/** How long to wait before trying to rebuild again when the database is still away. */
const RECOVERY_RETRY_MS = 1000

async function rebuild(
  db: Db,
  instruments: InstrumentTerms[],
  quotes: Map<number, Quote>,
  risk: RiskSettings,
): Promise<TradingEngine> {
  const state = await loadLiveState(db)
  const engine = new TradingEngine(instruments, risk, state.nextOrderId)
  for (const [id, quote] of quotes) engine.primeQuote(id, quote)
  for (const account of state.balances) engine.addAccount(account.userId, account.balance)
  for (const order of state.orders) engine.restoreOrder(order)
  return engine
}
