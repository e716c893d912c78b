/**
 * The engine's pure rules for the apps (`@tp/engine/rules`): prices and stops, margin and fee
 * rounding, swaps, market calendars, withdrawal quotes and settings checks, without the trading
 * engine itself. Each module is side-effect free, so a screen carries only the rules it calls (and
 * decimal.js only when it calls a rule that counts in exact decimals).
 */
export * from '../market/calendar.ts'
export * from '../market/sessions.ts'
export * from '../market/zone-offsets.ts'
export * from '../money/withdrawal-quote.ts'
export * from '../trading/money.ts'
export * from '../trading/order-rules.ts'
export * from '../trading/settings-check.ts'
export * from '../trading/swaps.ts'
export * from '../trading/usd-rates.ts'
export * from './stops.ts'
export * from './margin.ts'
export * from './alerts.ts'
export * from './pips.ts'
export * from './close-by.ts'
