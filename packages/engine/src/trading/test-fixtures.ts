import { MarginMode, Side, type SideValue } from '@tp/contracts'
import { SessionCalendar } from '../market/calendar.ts'
import { SESSION_TEMPLATES } from '../market/sessions.ts'
import { TradingEngine, type OpenCommand } from './engine.ts'
import { NO_SWAP } from './swaps.ts'
import type { Booking, EngineEvent, FinishedOrder, InstrumentTerms, RiskSettings } from './types.ts'
import { DEFAULT_RISK } from './types.ts'

/**
 * Shared fixtures of the trading engine tests (test-only: nothing in the engine imports this file).
 * Instruments are small variations of one forex template; times are fixed instants, never the clock.
 */

/** Wednesday 2026-11-25 12:00 UTC: every session template is open. */
export const T0 = Date.parse('2026-11-25T12:00:00.000Z')
/** Saturday 2026-11-28 12:00 UTC: forex and the daily-break template are closed. */
export const SATURDAY = Date.parse('2026-11-28T12:00:00.000Z')

export const EURUSD = 1
export const USDJPY = 2
export const GER40 = 3
export const XAUUSD = 4
export const US500 = 5
export const EURJPY = 6

/** A forex-like instrument; `overrides` change any term. */
export function terms(
  overrides: Partial<InstrumentTerms> & Pick<InstrumentTerms, 'id' | 'code'>,
): InstrumentTerms {
  return {
    precision: 5,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    contractSize: '100000',
    marginMode: MarginMode.Leveraged,
    feeRate: '0',
    leverage: [1, 10, 20, 50, 100, 200, 500],
    quoteCurrency: 'USD',
    calendar: SessionCalendar.utc(SESSION_TEMPLATES.forex),
    swap: NO_SWAP,
    stopsLevel: 0,
    freezeLevel: 0,
    maxNetLots: null,
    maxAccountLots: null,
    enabled: true,
    ...overrides,
  }
}

/** The instruments of the scenarios: fee free unless a test says otherwise. */
export function instruments(fee: Partial<Record<number, string>> = {}): InstrumentTerms[] {
  return [
    terms({ id: EURUSD, code: 'EURUSD', feeRate: fee[EURUSD] ?? '0' }),
    terms({ id: USDJPY, code: 'USDJPY', precision: 3, quoteCurrency: 'JPY', feeRate: fee[USDJPY] ?? '0' }),
    terms({
      id: GER40,
      code: 'GER40',
      precision: 1,
      contractSize: '1',
      quoteCurrency: 'EUR',
      calendar: SessionCalendar.utc(SESSION_TEMPLATES.withDailyBreak),
      feeRate: fee[GER40] ?? '0',
    }),
    terms({
      id: XAUUSD,
      code: 'XAUUSD',
      precision: 2,
      contractSize: '100',
      marginMode: MarginMode.Fixed,
      calendar: SessionCalendar.utc(SESSION_TEMPLATES.withDailyBreak),
      feeRate: fee[XAUUSD] ?? '0',
    }),
    terms({
      id: US500,
      code: 'US500',
      precision: 1,
      contractSize: '1',
      calendar: SessionCalendar.utc(SESSION_TEMPLATES.always),
      feeRate: fee[US500] ?? '0',
    }),
    terms({ id: EURJPY, code: 'EURJPY', precision: 3, quoteCurrency: 'JPY', feeRate: fee[EURJPY] ?? '0' }),
  ]
}

export interface Setup {
  /** userId -> starting balance (decimal string). */
  accounts?: Record<number, string>
  risk?: Partial<RiskSettings>
  fee?: Partial<Record<number, string>>
  list?: InstrumentTerms[]
  /** instrumentId -> [bid, ask], primed at T0. EURUSD, USDJPY and GER40 have defaults. */
  quotes?: Record<number, [number, number]>
}

export const DEFAULT_QUOTES: Record<number, [number, number]> = {
  [EURUSD]: [1.1, 1.1001],
  [USDJPY]: [159.995, 160.005], // mid 160: 1 JPY = 1/160 = 0.00625 USD exactly
  [GER40]: [18000.0, 18000.5],
  [XAUUSD]: [2000.0, 2000.5],
  [US500]: [5000.0, 5000.5],
  [EURJPY]: [175.995, 176.005],
}

/** An engine with accounts (user 1: 10 000 by default) and quotes primed at T0. */
export function makeEngine(setup: Setup = {}): TradingEngine {
  const engine = new TradingEngine(setup.list ?? instruments(setup.fee), { ...DEFAULT_RISK, ...setup.risk })
  engine.grantOrderIds(1, 1_000_000)
  for (const [userId, balance] of Object.entries(setup.accounts ?? { 1: '10000' }))
    engine.addAccount(Number(userId), balance)
  for (const [id, [bid, ask]] of Object.entries({ ...DEFAULT_QUOTES, ...setup.quotes }))
    engine.primeQuote(Number(id), { bid, ask, timeMs: T0 })
  return engine
}

/** An open command with defaults: user 1, EURUSD, 1 lot at 1:100, no stops, market, at T0. */
export function cmd(overrides: Partial<OpenCommand> & { side: SideValue }): OpenCommand {
  return {
    userId: 1,
    instrumentId: EURUSD,
    lots: '1',
    leverage: 100,
    stopLoss: 0,
    takeProfit: 0,
    nowMs: T0,
    ...overrides,
  }
}

export const buy = (overrides: Partial<OpenCommand> = {}) => cmd({ side: Side.Buy, ...overrides })
export const sell = (overrides: Partial<OpenCommand> = {}) => cmd({ side: Side.Sell, ...overrides })

/** Opens and returns the new order id; fails the test on a refusal. */
export function mustOpen(engine: TradingEngine, command: OpenCommand): { id: number; events: EngineEvent[] } {
  const result = engine.open(command)
  if (!result.ok) throw new Error(`open refused: ${result.reason}`)
  return { id: result.orderId as number, events: result.events }
}

/** A tick of one instrument at `timeMs` (T0 + 1 s by default). */
export const tick = (
  engine: TradingEngine,
  instrumentId: number,
  bid: number,
  ask: number,
  timeMs = T0 + 1000,
) => engine.applyTick(instrumentId, { bid, ask, timeMs })

export const bookings = (events: readonly EngineEvent[]): Booking[] =>
  events.flatMap((e) => (e.type === 'booked' ? [e.booking] : []))

export const closes = (events: readonly EngineEvent[]): FinishedOrder[] =>
  events.flatMap((e) => (e.type === 'position_closed' ? [e.order] : []))

/** Bookings as plain strings, easy to compare with a table. */
export const bookingRows = (events: readonly EngineEvent[]) =>
  bookings(events).map((b) => ({
    userId: b.userId,
    type: b.type,
    amount: b.amount.toString(),
    balanceAfter: b.balanceAfter.toString(),
    ref: b.ref,
  }))

/** Events as JSON (Decimals become their strings): for determinism comparisons. */
export const asJson = (value: unknown): string => JSON.stringify(value)
