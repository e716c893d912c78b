/**
 * The simulated world: the real server (app, desk, money services, database) on a clock and a price
 * source the simulation moves, and the people who use it. Each action runs to its end (the desk
 * settled) before the next, so that a seed gives the same history every time.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import Decimal from 'decimal.js'
import { AdjustmentStatus, OrderStatus } from '@tp/contracts'
import { seededRandom, type Quote } from '@tp/engine'
import {
  accounts,
  deposits,
  instruments,
  ledger,
  leverageOptions,
  orders,
  uploads,
  withdrawals,
} from '../src/db/schema.ts'
import { approveDeposit, rejectDeposit } from '../src/money/deposits.ts'
import { decideWithdrawal } from '../src/money/withdrawals.ts'
import { requestAdjustment } from '../src/staff/users/adjustments.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import { applyTradingSettings } from '../src/trading/trading-settings.ts'
import {
  startTestApp,
  tradingWeekdayMs,
  type Answer,
  type RequestOptions,
  type TestApp,
} from '../test/harness.ts'
import type { Action } from './history.ts'
import { engineShape, type EngineShape } from './engine-shape.ts'
import { SIMULATED_FAILURE, WriteFaults, causedBy } from './faulty-db.ts'

/** The instruments simulated: a major, a conversion pair and a cross it converts, a metal, a coin (24/7). */
const CODES = ['EURUSD', 'USDJPY', 'EURJPY', 'XAUUSD', 'BTCUSD']
/** A Wednesday at noon UTC: every simulated market is open. */
const START_MS = tradingWeekdayMs(Date.UTC(2026, 10, 18, 13))
const PASSWORD = 'Passw0rd!'
const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
const TICK_MS = 1_000
/** How much the markets a walk is not about move each second (a fraction of the price). */
const QUIET_VOLATILITY = 0.0002

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
    private readonly finance: [number, number],
    private readonly seed: number,
    private readonly faults: WriteFaults,
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

  async run(action: Action): Promise<void> {
    this.lastOutcome = ''
    this.restarted = undefined
    await this.perform(action)
    await this.settle()
  }

  private user(index: number): SimUser | undefined {
    return this.users.length === 0 ? undefined : this.users[index % this.users.length]
  }

  private instrument(index: number): SimInstrument {
    return this.instruments[index % this.instruments.length]!
  }

  private say(what: string, body?: { code: number; reason?: string }) {
    this.lastOutcome = body ? `${what}: ${body.code === 1 ? 'ok' : (body.reason ?? body.code)}` : what
  }

  private async perform(action: Action): Promise<void> {
    switch (action.kind) {
      case 'register':
        return this.register()
      case 'deposit':
        return this.deposit(action.user, action.amount, action.decision)
      case 'withdraw':
        return this.withdraw(action.user, action.amount, action.decision)
      case 'decide':
        return this.decideHeld(action.user, action.decision)
      case 'adjust':
        return this.adjust(action.user, action.amount)
      case 'open':
        return this.open(action)
      case 'pending':
        return this.pending(action)
      case 'trailing':
        return this.trailing(action.user, action.position, action.points)
      case 'close':
        return this.closePosition(action.user, action.position, action.part)
      case 'cancel':
        return this.cancel(action.user, action.pending)
      case 'retry':
        return this.retry(action)
      case 'walk':
        return this.walk(action)
      case 'gap': {
        const instrument = this.instrument(action.instrument)
        this.app.clock.advance(TICK_MS)
        this.quote(instrument, instrument.mid * (1 + action.percent / 100))
        return this.say(`gap ${instrument.code} ${action.percent.toFixed(2)}%`)
      }
      case 'time':
        this.app.clock.advance(action.ms)
        return this.say(`time +${Math.round(action.ms / 60_000)} min`)
      case 'weekend':
        return this.weekend(action.percent)
      case 'late-quote':
      case 'future-quote':
        return this.strayQuote(action.kind, action.instrument)
      case 'db-fault':
        return this.databaseFault(action)
      case 'holiday':
        return this.holiday(action.percent)
      case 'settings': {
        const { kind: _, ...change } = action
        const applied = await applyTradingSettings(this.app.db, this.app.desk, change)
        return this.say(
          `settings ${JSON.stringify(change)}: ${applied.ok ? 'ok' : JSON.stringify(applied.problems)}`,
        )
      }
      case 'limits':
        return this.limits(action)
      case 'restart':
        await this.restart()
        return this.say('restart')
    }
  }

  private get(path: string, init?: RequestOptions): Promise<Answer> {
    return this.signedIn(path, init, (options) => this.app.get(path, options))
  }

  private post(path: string, body: Record<string, unknown>, init?: RequestOptions): Promise<Answer> {
    return this.signedIn(path, init, (options) => this.app.post(path, body, options))
  }

  /** A user's call; a session that ended (30 days passed) signs in again and repeats it, as the app does. */
  private async signedIn(
    path: string,
    init: RequestOptions | undefined,
    send: (init?: RequestOptions) => Promise<Answer>,
  ): Promise<Answer> {
    const answer = this.noted(path, await send(init))
    const user = init?.token ? this.users.find((u) => u.token === init.token) : undefined
    if (!user || answer.body.reason !== 'sign_in_again' || !(await this.signIn(user))) return answer
    return this.noted(path, await send({ ...init, token: user.token }))
  }

  private async signIn(user: SimUser): Promise<boolean> {
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

  private noted(path: string, answer: Answer): Answer {
    if (answer.status >= 500) this.serverError ??= `${path}: ${answer.status} ${JSON.stringify(answer.body)}`
    return answer
  }

  private async databaseFault(a: Extract<Action, { kind: 'db-fault' }>): Promise<void> {
    const failedBefore = this.faults.failed
    this.faults.failNext(a.failures)
    this.walk({
      kind: 'walk',
      instrument: a.instrument,
      ticks: a.ticks,
      volatility: 0.002,
      drift: 0,
      seed: a.seed,
    })
    await this.open({ ...a, kind: 'open', stopLossPoints: 0, takeProfitPoints: 0 })
    const opened = this.lastOutcome
    await this.settle()
    const unused = this.faults.disarm()
    this.say(`${this.faults.failed - failedBefore} writes failed (${unused} not reached); ${opened}`)
  }

  /** Stops the server and starts a new process on the same database (harness `restart`). */
  private async restart(): Promise<void> {
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

  private async register(): Promise<void> {
    const email = `sim-${this.seed}-${this.users.length}@example.com`
    await this.post('/api/notify/send_email', { to: email, type: 1 })
    const code = this.app.delivered.findLast((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
    if (!code) throw new Error(`no code was sent to ${email}`)
    const registered = await this.post('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
    })
    if (registered.body.code !== 1) return this.say('register', registered.body)
    const user = { email, token: '', userId: 0 }
    if (!(await this.signIn(user))) return this.say('register: could not sign in')
    this.users.push(user)
    this.say(`register user ${this.users.length - 1}`)
  }

  private async deposit(index: number, amount: string, decision: 'approve' | 'reject'): Promise<void> {
    const user = this.user(index)
    if (!user) return this.say('deposit: nobody yet')
    const proof = randomBytes(16).toString('base64url')
    await this.app.db
      .insert(uploads)
      .values({ id: proof, userId: user.userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 })
    const [channel] = (await this.get('/api/quickCharge/info', { token: user.token })).body.data
    const submitted = await this.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
      { token: user.token },
    )
    if (submitted.body.code !== 1) return this.say(`deposit ${amount}`, submitted.body)
    const [row] = await this.app.db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.userId, user.userId))
      .orderBy(desc(deposits.id))
      .limit(1)
    if (!row) throw new Error('an acknowledged deposit is not in the database')
    if (decision === 'reject') {
      const rejected = await rejectDeposit(this.app.db, row.id, 2, 'no such transfer')
      return this.say(`deposit ${amount} rejected: ${rejected.ok ? 'ok' : rejected.reason}`)
    }
    let approved = await approveDeposit(this.app.db, this.app.desk, row.id, this.finance[0])
    if (approved.ok && approved.waiting)
      approved = await approveDeposit(this.app.db, this.app.desk, row.id, this.finance[1])
    if (approved.ok && !approved.waiting) this.tally.deposited = this.tally.deposited.plus(amount)
    this.say(`deposit ${amount} approved: ${approved.ok ? 'ok' : approved.reason}`)
  }

  private async withdraw(index: number, amount: string, decision: 'pay' | 'reject' | 'hold'): Promise<void> {
    const user = this.user(index)
    if (!user) return this.say('withdraw: nobody yet')
    user.method ??= await this.bindMethod(user)
    if (!user.method) return this.say('withdraw: no payout method')
    const asked = await this.post(
      '/api/account/draw',
      { draw_currency_id: user.method.currencyId, number: amount, draw_method_id: user.method.methodId },
      { token: user.token },
    )
    if (asked.body.code !== 1 || decision === 'hold')
      return this.say(`withdraw ${amount} (${decision})`, asked.body)
    const [row] = await this.app.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.userId, user.userId))
      .orderBy(desc(withdrawals.id))
      .limit(1)
    if (!row) throw new Error('an acknowledged withdrawal is not in the database')
    await this.decideWithdrawal(row.id, amount, decision)
  }

  private async decideHeld(index: number, decision: 'pay' | 'reject'): Promise<void> {
    const user = this.user(index)
    if (!user) return this.say('decide: nobody yet')
    const [row] = await this.app.db
      .select({ id: withdrawals.id, amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, user.userId), eq(withdrawals.status, 0)))
      .orderBy(withdrawals.id)
      .limit(1)
    if (!row) return this.say('decide: nothing waiting')
    await this.decideWithdrawal(row.id, row.amount, decision)
  }

  private async decideWithdrawal(id: number, amount: string, decision: 'pay' | 'reject'): Promise<void> {
    const [first, second] = this.finance
    let decided = await decideWithdrawal(this.app.db, this.app.desk, id, decision, first)
    if (decided.ok && decided.waiting)
      decided = await decideWithdrawal(this.app.db, this.app.desk, id, decision, second)
    if (decided.ok && !decided.waiting && decision === 'pay')
      this.tally.paidOut = this.tally.paidOut.plus(amount)
    this.say(`withdrawal ${id} ${decision}: ${decided.ok ? 'ok' : decided.reason}`)
  }

  private async bindMethod(user: SimUser): Promise<SimUser['method']> {
    const symbols = (await this.get('/api/account/draw_symbol_list?type=1', { token: user.token })).body.data
    const usdt = symbols?.find((s: { label: string }) => s.label === 'USDT-TRC20')
    if (!usdt) return undefined
    await this.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: usdt.id, dc_address: TRC20_ADDRESS },
      { token: user.token },
    )
    const [method] = (await this.get('/api/wallet/get_draw_method?draw_type=1', { token: user.token })).body
      .data
    return method ? { currencyId: usdt.id, methodId: method.id } : undefined
  }

  private async adjust(index: number, amount: string): Promise<void> {
    const user = this.user(index)
    if (!user || Number(amount) === 0) return this.say('adjust: nothing')
    const actor = { staffId: this.finance[0], email: 'finance@broker.example', address: '127.0.0.1' }
    const made = await requestAdjustment(
      this.app.db,
      this.app.desk,
      actor,
      user.userId,
      { amount, memo: 'simulated' },
      this.app.clock.now(),
    )
    if (made.ok && made.value.status === AdjustmentStatus.Applied)
      this.tally.adjusted = this.tally.adjusted.plus(amount)
    this.say(`adjust ${amount}: ${made.ok ? made.value.status : made.reason}`)
  }

  // Trading

  private submit(user: SimUser, params: Record<string, string | number>, key?: string) {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
    return this.get(`/v1/api/forex/submit?${query}`, {
      token: user.token,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    })
  }

  private price(instrument: SimInstrument, value: number): string {
    return value.toFixed(instrument.precision)
  }

  private async open(a: Extract<Action, { kind: 'open' }>): Promise<void> {
    const user = this.user(a.user)
    if (!user) return this.say('open: nobody yet')
    const instrument = this.instrument(a.instrument)
    const quote = this.lastLive(instrument)
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
      params.stop_loss_price = this.price(instrument, entry + (buy ? -1 : 1) * a.stopLossPoints * point)
    if (a.takeProfitPoints > 0)
      params.target_profit_price = this.price(instrument, entry + (buy ? 1 : -1) * a.takeProfitPoints * point)
    const answer = await this.submit(user, params)
    if (answer.body.code === 1) this.acknowledged.add(answer.body.data.id)
    this.say(`open ${instrument.code} ${buy ? 'buy' : 'sell'} ${a.lots}`, answer.body)
  }

  private async pending(a: Extract<Action, { kind: 'pending' }>): Promise<void> {
    const user = this.user(a.user)
    if (!user) return this.say('pending: nobody yet')
    const instrument = this.instrument(a.instrument)
    const quote = this.lastLive(instrument)
    const point = 10 ** -instrument.precision
    const target = (a.side === 1 ? quote.ask : quote.bid) + a.offsetPoints * point
    const expiry = new Date(this.nowMs() + a.expiresInMs).toISOString().slice(0, 19).replace('T', ' ')
    const answer = await this.submit(user, {
      forex_id: instrument.id,
      type: a.side,
      cont: a.lots,
      status: 0,
      multiple: leverageOf(instrument, a.leverage),
      target_price: this.price(instrument, target),
      expire_type: a.expiresInMs > 0 ? 2 : 0,
      expire_time: a.expiresInMs > 0 ? expiry : '',
    })
    if (answer.body.code === 1) this.acknowledged.add(answer.body.data.id)
    this.say(`pending ${instrument.code} at ${this.price(instrument, target)}`, answer.body)
  }

  /** The user's live orders of a status, oldest first, as the engine holds them. */
  private ordersOf(user: SimUser, status: number) {
    return this.app.desk.view
      .ordersOf(user.userId)
      .filter((o) => o.status === status)
      .sort((x, y) => x.id - y.id)
  }

  private async trailing(index: number, position: number, points: number): Promise<void> {
    const user = this.user(index)
    const held = user ? this.ordersOf(user, OrderStatus.Holding) : []
    const order = held[position % Math.max(1, held.length)]
    if (!user || !order) return this.say('trailing: no position')
    const answer = await this.get(`/v1/api/forex/set_trailing_stop?id=${order.id}&points=${points}`, {
      token: user.token,
    })
    this.say(`trailing ${order.id} ${points}`, answer.body)
  }

  private async closePosition(index: number, position: number, part: boolean): Promise<void> {
    const user = this.user(index)
    const held = user ? this.ordersOf(user, OrderStatus.Holding) : []
    const order = held[position % Math.max(1, held.length)]
    if (!user || !order) return this.say('close: no position')
    const half = order.lots.dividedBy(2).toDecimalPlaces(2, Decimal.ROUND_DOWN)
    const cont = part && half.greaterThan(0) ? `&cont=${half.toFixed(2)}` : ''
    const answer = await this.get(`/v1/api/forex/close?id=${order.id}${cont}`, { token: user.token })
    this.say(`close ${order.id}${cont}`, answer.body)
  }

  private async cancel(index: number, pending: number): Promise<void> {
    const user = this.user(index)
    const waiting = user ? this.ordersOf(user, OrderStatus.Pending) : []
    const order = waiting[pending % Math.max(1, waiting.length)]
    if (!user || !order) return this.say('cancel: no pending order')
    const answer = await this.get(`/v1/api/forex/cancel_trade?id=${order.id}`, { token: user.token })
    this.say(`cancel ${order.id}`, answer.body)
  }

  private async retry(a: Extract<Action, { kind: 'retry' }>): Promise<void> {
    const user = this.user(a.user)
    if (!user) return this.say('retry: nobody yet')
    const instrument = this.instrument(a.instrument)
    const key = `sim-${this.seed}-${this.nowMs()}-${a.user}`
    const params = {
      forex_id: instrument.id,
      type: a.side,
      cont: a.lots,
      status: 1,
      multiple: leverageOf(instrument, a.leverage),
    }
    // The first answer is lost on its way (with a crash: the server stopped after committing it);
    // the client sends the same order again with the same key.
    const first = await this.submit(user, params, key)
    if (a.crash) await this.restart()
    const again = await this.submit(user, params, key)
    if (JSON.stringify(first.body) !== JSON.stringify(again.body))
      this.retryMismatch = `${JSON.stringify(first.body)} then ${JSON.stringify(again.body)}`
    if (first.body.code === 1) this.acknowledged.add(first.body.data.id)
    this.say(`retry ${instrument.code} key ${key}${a.crash ? ' across a restart' : ''}`, again.body)
  }

  // Prices and time

  private lastLive(instrument: SimInstrument): Quote {
    const quotes = this.liveQuotes.get(instrument.id)
    return quotes![quotes!.length - 1]!
  }

  /** Pushes a live quote around `mid` at the clock's time, on the instrument's price grid. */
  private quote(instrument: SimInstrument, mid: number): void {
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

  private walk(a: Extract<Action, { kind: 'walk' }>): void {
    const instrument = this.instrument(a.instrument)
    const random = seededRandom(a.seed)
    // Every market moves each second; the walk's own instrument moves by its volatility and drift.
    for (let i = 0; i < a.ticks; i++) {
      this.app.clock.advance(TICK_MS)
      for (const other of this.instruments)
        if (other === instrument)
          this.quote(other, other.mid * (1 + a.volatility * (random.normal() + a.drift)))
        else this.quote(other, other.mid * (1 + QUIET_VOLATILITY * random.normal()))
      this.app.desk.onClock()
    }
    this.say(`walk ${instrument.code} ${a.ticks} ticks to ${instrument.mid.toFixed(instrument.precision)}`)
  }

  private weekend(percent: number): void {
    const now = this.nowMs()
    const day = new Date(now).getUTCDay()
    // The next Monday, 01:00 UTC: every simulated market has reopened.
    const monday = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + ((8 - day) % 7 || 7),
      1,
    )
    this.app.clock.set(monday)
    this.app.desk.onClock()
    for (const instrument of this.instruments) {
      this.app.clock.advance(TICK_MS)
      this.quote(instrument, instrument.mid * (1 + percent / 100))
    }
    this.say(`weekend to ${new Date(monday).toISOString()} gap ${percent.toFixed(2)}%`)
  }

  /** To noon of the next 25 December or 1 January (closed for all but crypto), every market gapping. */
  private holiday(percent: number): void {
    const now = new Date(this.nowMs())
    const year = now.getUTCFullYear()
    const candidates = [
      Date.UTC(year, 11, 25, 12),
      Date.UTC(year + 1, 0, 1, 12),
      Date.UTC(year + 1, 11, 25, 12),
    ]
    const at = candidates.find((ms) => ms > now.getTime())!
    this.app.clock.set(at)
    this.app.desk.onClock()
    for (const instrument of this.instruments) {
      this.app.clock.advance(TICK_MS)
      this.quote(instrument, instrument.mid * (1 + percent / 100))
    }
    this.say(`holiday ${new Date(at).toISOString().slice(0, 10)} gap ${percent.toFixed(2)}%`)
  }

  /**
   * Staff change an instrument's house limits: the row as the back office's catalogue change writes
   * it once approved, then the desk takes the new terms (`reload`, as the catalogue's listener does).
   */
  private async limits(a: Extract<Action, { kind: 'limits' }>): Promise<void> {
    const instrument = this.instrument(a.instrument)
    await this.app.db
      .update(instruments)
      .set({ maxNetLots: a.maxNetLots, maxAccountLots: a.maxAccountLots })
      .where(eq(instruments.id, instrument.id))
    await this.app.desk.reload()
    this.say(
      `limits ${instrument.code}: net ${a.maxNetLots ?? 'none'}, account ${a.maxAccountLots ?? 'none'}`,
    )
  }

  /**
   * A quote out of order: the market of a moment before the last quote, arriving after it (a feed's
   * reordering), which a process that saw the newer quote ignores; or one stamped minutes in the
   * future at a price far off the market, which the feed refuses.
   */
  private strayQuote(kind: 'late-quote' | 'future-quote', index: number): void {
    const instrument = this.instrument(index)
    const quotes = this.liveQuotes.get(instrument.id)!
    const last = quotes[quotes.length - 1]!
    if (kind === 'late-quote') {
      // Between the last two quotes in price, a millisecond before the last one in time.
      const before = quotes[quotes.length - 2] ?? last
      const grid = (value: number) => Number(value.toFixed(instrument.precision))
      const bid = grid((before.bid + last.bid) / 2)
      this.app.tick({
        code: instrument.code,
        bid,
        ask: grid(bid + (last.ask - last.bid)),
        timeMs: last.timeMs - 1,
      })
    } else {
      const far = (value: number) => Number((value * 1.25).toFixed(instrument.precision))
      this.app.tick({
        code: instrument.code,
        bid: far(last.bid),
        ask: far(last.ask),
        timeMs: this.nowMs() + 600_000,
      })
    }
    this.say(`${kind} ${instrument.code}`)
  }
}

/** One of the instrument's leverage options; the highest half the time (traders who risk the most). */
function leverageOf(instrument: SimInstrument, pick: number): number {
  const options = instrument.leverage
  return (pick % 2 === 0 ? options[options.length - 1] : options[pick % options.length]) ?? 1
}
