import type { MarketData } from '../market/market-data.ts'
import type { SocketLimits } from '../realtime/socket-limits.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import type { TradingDesk } from '../trading/desk.ts'
import type { ServiceDeps } from '../services/deps.ts'
import type { Uploads } from '../uploads/uploads.ts'

export interface RateLimit {
  max: number
  timeWindowMs: number
}

/** Per-address limits on the calls that cost us money (messages) or invite guessing (sign-in). */
export interface RateLimits {
  login: RateLimit
  sendCode: RateLimit
  register: RateLimit
  captcha: RateLimit
  /** Per user, not per address: image uploads (each one decoded and re-encoded). */
  upload: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindowMs: 60_000 },
  sendCode: { max: 5, timeWindowMs: 60_000 },
  register: { max: 10, timeWindowMs: 60_000 },
  captcha: { max: 30, timeWindowMs: 60_000 },
  upload: { max: 30, timeWindowMs: 60_000 },
}

export interface RouteDeps extends ServiceDeps {
  rateLimits: RateLimits
  market: MarketData
  /** Where socket messages are published (market feed, later the engine). */
  topics: TopicHub
  /** The trading engine's single writer. */
  desk: TradingDesk
  /** Image uploads (deposit proofs, identity checks) and their signed URLs. */
  uploads: Uploads
  /** Socket budgets and caps, when not the defaults (tests, benchmarks with thousands of sockets). */
  socketLimits?: Partial<SocketLimits>
}

export const rateLimited = (limit: RateLimit) => ({
  rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs },
})
