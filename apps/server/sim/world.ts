/**
 * The simulated world: the real server (app, desk, money services, database) on a clock and a price
 * source the simulation moves, the people who use it, and what the simulation saw acknowledged. The
 * actions (`actions.ts`) are done to it one at a time, so that a seed gives the same history every time.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import Decimal from 'decimal.js'
import type { Quote } from '@tp/engine'
import { accounts, ledger, leverageOptions, orders } from '../src/db/schema.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import {
  startTestApp,
  tradingWeekdayMs,
  type Answer,
  type RequestOptions,
  type TestApp,
} from '../test/harness.ts'
import { engineShape, type EngineShape } from './engine-shape.ts'
import { SIMULATED_FAILURE, WriteFaults, causedBy } from './faulty-db.ts'

/** The instruments simulated: a major, a conversion pair and a cross it converts, a metal, a coin (24/7). */
const CODES = ['EURUSD', 'USDJPY', 'EURJPY', 'XAUUSD', 'BTCUSD']
/** A Wednesday at noon UTC: every simulated market is open. */
const START_MS = tradingWeekdayMs(Date.UTC(2026, 10, 18, 13))
/** Every simulated user's password. */
export const PASSWORD = 'Passw0rd!'
/** Quotes of a walk are this far apart. */
export const TICK_MS = 1_000

export interface SimUser {
  email: string
  token: string
  userId: number
  /** The payout method bound on the first withdrawal. */
  method?: { currencyId: number; methodId: number }
}

export interface SimInstrument {
  id: number
  code: string
  precision: number
  leverage: number[]
  spread: number
  mid: number
}

/** Money that crossed the broker's edge, as the simulation saw it acknowledged. */
export interface Tally {
  deposited: Decimal
  paidOut: Decimal
  adjusted: Decimal
}

export class World {
  readonly users: SimUser[] = []
  /** Every quote that was live when pushed (in order, on time), by instrument id. */
  readonly liveQuotes = new Map<number, Quote[]>()
  /** Orders whose placing was acknowledged (code 1): none may be lost. */
  readonly acknowledged = new Set<number>()
  readonly tally: Tally = { deposited: new Decimal(0), paidOut: new Decimal(0), adjusted: new Decimal(0) }
  /** What the last action did, for the failure report. */
  lastOutcome = ''
  /** A second answer that differed from the first for the same idempotency key. */
  retryMismatch?: string
  /** A call the server answered with a 5xx: never allowed, whatever the input. */
  serverError?: string
  /** The engine as the process that stopped last held it, and as the new one rebuilt it. */
  restarted?: { before: EngineShape; after: EngineShape }

  private constructor(
    readonly app: TestApp,
    readonly instruments: SimInstrument[],
    /** Two finance members: an amount above the four-eyes threshold needs both. */
    readonly finance: [number, number],
    readonly seed: number,
    readonly faults: WriteFaults,
    /** What the server reported as failed, other than the failures the simulation caused. */
    readonly serverErrors: string[],
  ) {}

  static async open(seed: number, driver: 'pglite' | 'postgres'): Promise<World> {
    const faults = new WriteFaults()
    const errors: string[] = []
    // The desk's clock runs when the simulation says, not on a timer.
    const app = await startTestApp(driver, {
      startAtMs: START_MS,
      clockCheckMs: 0,
      historyCandles: 2,
      // The simulation sends quotes from the future on purpose; the invariants judge what they did.
      onTickRefused: () => undefined,
      tradingDb: (db) => faults.wrap(db),
      // A failure the simulation caused is expected (the desk rebuilds); any other is a finding.
      onError: (error, context) => {
        if (!causedBy(error, SIMULATED_FAILURE)) errors.push(`${context}: ${String(error)}`)
      },
    })
    const defs = app.market.allInstruments().filter((d) => CODES.includes(d.code))
    const instruments: SimInstrument[] = []
    for (const def of defs.sort((a, b) => CODES.indexOf(a.code) - CODES.indexOf(b.code))) {
      const rows = await app.db.select().from(leverageOptions).where(eq(leverageOptions.instrumentId, def.id))
      const quote = app.market.lastQuote(def.id)
      if (!quote) throw new Error(`no quote for ${def.code}`)
      instruments.push({
        id: def.id,
        code: def.code,
        precision: def.precision,
        leverage: rows.map((r) => r.value).sort((a, b) => a - b),
        spread: quote.ask - quote.bid,
        mid: (quote.bid + quote.ask) / 2,
      })
    }
    const staffMember = async (n: number) => {
      const made = await createStaff(app.db, {
        email: `finance-${n}-${seed}@broker.example`,
        name: 'Finance',
        role: 'finance',
        password: 'x'.repeat(12),
      })
      if (!made.ok) throw new Error(`staff not created: ${made.reason}`)
      return made.value.id
    }
    const world = new World(
      app,
      instruments,
      [await staffMember(1), await staffMember(2)],
      seed,
      faults,
      errors,
    )
    for (const instrument of instruments) world.quote(instrument, instrument.mid)
    await world.settle()
    return world
  }

  /** What the history did, in counts: orders by status and close type, ledger rows by type. */
  async summary(): Promise<string> {
    const db = this.app.db
    const byOrder = await db
      .select({ status: orders.status, closedType: orders.closedType, n: sql<number>`count(*)` })
      .from(orders)
      .groupBy(orders.status, orders.closedType)
    const byLedger = await db
      .select({ type: ledger.type, n: sql<number>`count(*)` })
      .from(ledger)
      .groupBy(ledger.type)
    const orderPart = byOrder.map((r) => `status ${r.status}/closed ${r.closedType}: ${r.n}`).join(', ')
    const ledgerPart = byLedger.map((r) => `type ${r.type}: ${r.n}`).join(', ')
    return `orders (${orderPart}); ledger rows (${ledgerPart})`
  }

  close(): Promise<void> {
    return this.app.close()
  }

  nowMs(): number {
    return this.app.clock.now().getTime()
  }

  /** Runs the desk's clock (expiries, rollovers, trailed stops) and waits until it wrote everything. */
  async settle(): Promise<void> {
    this.app.desk.onClock()
    await this.app.desk.settle()
  }

  user(index: number): SimUser | undefined {
    return this.users.length === 0 ? undefined : this.users[index % this.users.length]
  }

  instrument(index: number): SimInstrument {
    return this.instruments[index % this.instruments.length]!
  }

  say(what: string, body?: { code: number; reason?: string }) {
    this.lastOutcome = body ? `${what}: ${body.code === 1 ? 'ok' : (body.reason ?? body.code)}` : what
  }

  get(path: string, init?: RequestOptions): Promise<Answer> {
    return this.signedIn(path, init, (options) => this.app.get(path, options))
  }

  post(path: string, body: Record<string, unknown>, init?: RequestOptions): Promise<Answer> {
    return this.signedIn(path, init, (options) => this.app.post(path, body, options))
  }

  /** A user's call; a session that ended (30 days passed) signs in again and repeats it, as the app does. */
  async signedIn(
    path: string,
    init: RequestOptions | undefined,
    send: (init?: RequestOptions) => Promise<Answer>,
  ): Promise<Answer> {
    const answer = this.noted(path, await send(init))
    const user = init?.token ? this.users.find((u) => u.token === init.token) : undefined
    if (!user || answer.body.reason !== 'sign_in_again' || !(await this.signIn(user))) return answer
    return this.noted(path, await send({ ...init, token: user.token }))
  }

  async signIn(user: SimUser): Promise<boolean> {
    const login = this.noted(
      '/api/user/loginForU',
      await this.app.post('/api/user/loginForU', {
        account: user.email,
        password: PASSWORD,
        login_type: 'email',
      }),
    )
    if (login.body.code !== 1) return false
    user.token = login.body.data.token
    user.userId = login.body.data.user.id
    return login.body.code === 1
  }

  noted(path: string, answer: Answer): Answer {
    if (answer.status >= 500) this.serverError ??= `${path}: ${answer.status} ${JSON.stringify(answer.body)}`
    return answer
  }

  /** Stops the server and starts a new process on the same database (harness `restart`). */
  async restart(): Promise<void> {
    await this.settle()
    const stored = await this.storedBalances()
    const before = engineShape(this.app.desk.view, this.users, stored)
    await this.app.restart()
    // The new process has seen no quote yet: the feed starts from the market's last ones.
    await this.settle()
    this.restarted = { before, after: engineShape(this.app.desk.view, this.users, stored) }
  }

  /** Every simulated user's balance as the accounts table holds it. */
  async storedBalances(): Promise<Map<number, string>> {
    const ids = this.users.map((u) => u.userId)
    if (ids.length === 0) return new Map()
    const rows = await this.app.db
      .select({ userId: accounts.userId, balance: accounts.balance })
      .from(accounts)
      .where(inArray(accounts.userId, ids))
    return new Map(rows.map((r) => [r.userId, r.balance]))
  }

  // People

  // Trading

  // Prices and time

  lastLive(instrument: SimInstrument): Quote {
    const quotes = this.liveQuotes.get(instrument.id)
    return quotes![quotes!.length - 1]!
  }

  /** Pushes a live quote around `mid` at the clock's time, on the instrument's price grid. */
  quote(instrument: SimInstrument, mid: number): void {
    const half = instrument.spread / 2
    const grid = (value: number) => Number(value.toFixed(instrument.precision))
    const floor = 10 ** -instrument.precision * 10
    instrument.mid = Math.max(mid, instrument.spread + floor)
    const quote = {
      bid: grid(instrument.mid - half),
      ask: grid(instrument.mid - half + instrument.spread),
      timeMs: this.nowMs(),
    }
    const list = this.liveQuotes.get(instrument.id) ?? []
    list.push(quote)
    this.liveQuotes.set(instrument.id, list)
    this.app.tick({ code: instrument.code, ...quote })
  }
}
