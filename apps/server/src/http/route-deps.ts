import type { Hedger } from '../hedging/hedger.ts'
import type { ProviderStatus } from '@tp/engine'
import type { FastifyRequest } from 'fastify'
import type { MarketData } from '../market/market-data.ts'
import type { SocketLimits } from './socket/socket-limits.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import type { DeskPort } from '../trading/desk.ts'
import type { TradingReads } from '../trading/trading-reads.ts'
import type { DeskErrands } from './desk-errands.ts'
import type { ServiceDeps } from '../users/deps.ts'
import type { Uploads } from '../uploads/uploads.ts'
import type { PushEndpointPolicy } from '../notices/push-endpoints.ts'
import type { PlatformMetrics } from '../ops/metrics.ts'
import type { Redis } from '../db/redis.ts'

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
  /** Per user: orders, closes, cancels and stop edits (one client must not flood the single writer). */
  trading: RateLimit
  /** Per user: deposit and withdrawal requests (each a transaction of its own on the desk). */
  money: RateLimit
  /** Per user: statements downloaded (each reads up to thousands of rows and may draw a PDF). */
  statement: RateLimit
  /**
   * Per user: support chat messages. Far above anyone typing, low enough that a script cannot fill
   * the staff's list (or the database) with one account.
   */
  chat: RateLimit
  /**
   * Per user: the client's own settings and records: notification choices, this device's push
   * subscription, accepting the legal documents, answering the appropriateness test.
   */
  notices: RateLimit
  /**
   * Per user: a client's second factor: proofs given again (the factor itself rests after 5 wrong
   * codes) and changes of its settings.
   */
  secondFactor: RateLimit
  /** Per address: staff password attempts (argon2id makes each one cost; this keeps them few). */
  adminLogin: RateLimit
  /** Per address: staff second-factor attempts (the account itself rests after 5 wrong codes). */
  adminSecondFactor: RateLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindowMs: 60_000 },
  sendCode: { max: 5, timeWindowMs: 60_000 },
  register: { max: 10, timeWindowMs: 60_000 },
  captcha: { max: 30, timeWindowMs: 60_000 },
  upload: { max: 30, timeWindowMs: 60_000 },
  // A busy manual trader places a few orders a second at most; scripts beyond that are not a client.
  trading: { max: 600, timeWindowMs: 60_000 },
  money: { max: 30, timeWindowMs: 60_000 },
  // A trader downloads a statement or two, in both formats; ten a minute leaves room to change the period.
  statement: { max: 10, timeWindowMs: 60_000 },
  chat: { max: 30, timeWindowMs: 60_000 },
  notices: { max: 60, timeWindowMs: 60_000 },
  secondFactor: { max: 20, timeWindowMs: 60_000 },
  adminLogin: { max: 10, timeWindowMs: 60_000 },
  adminSecondFactor: { max: 20, timeWindowMs: 60_000 },
}

export interface RouteDeps extends ServiceDeps {
  rateLimits: RateLimits
  market: MarketData
  /** Where socket messages are published (market feed, later the engine). */
  topics: TopicHub
  /** The trading engine's single writer. */
  desk: DeskPort
  /** How trading state is read (the desk's engine, or the database on a gateway: decision 049). */
  reads: TradingReads
  /** The client's money errands beside the desk (here, or on the engine process: http/desk-errands.ts). */
  errands: DeskErrands
  /** Image uploads (deposit proofs, identity checks) and their signed URLs. */
  uploads: Uploads
  /** Web push: the key devices subscribe with, and the push services a subscription may name. */
  webPush: { publicKey: string; endpoints: PushEndpointPolicy }
  /** Socket budgets and caps, when not the defaults (tests, benchmarks with thousands of sockets). */
  socketLimits?: Partial<SocketLimits>
  /**
   * Redis (`REDIS_URL`), shared by every process: rate limits and sign-in limits are counted there,
   * so that another process behind the load balancer is no way round them. Unset: in this process.
   */
  redis?: Redis
  /** Put before the limits' keys on Redis (`REDIS_PREFIX`: two platforms on one Redis keep apart); default `tp:`. */
  redisNamespace?: string
  /** The liquidity providers' state, for the risk view (none unless `PRICE_SOURCE=fix:`). */
  providers?: () => ProviderStatus[]
  /** The hedger (decision 051), told when staff change the rules or a client's group; none unless a provider takes orders. */
  hedger?: Pick<Hedger, 'rulesChanged'>
  /** What `/metrics` reports (main.ts); without it there is no `/metrics`. */
  metrics?: PlatformMetrics
  /** `METRICS_TOKEN`: the bearer token `/metrics` asks for; unset, loopback callers only. */
  metricsToken?: string
}

export const rateLimited = (limit: RateLimit) => ({
  rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs },
})

/**
 * A limit counted per signed-in user (`name` keeps the counts of different limits apart), after the
 * sign-in check: one account cannot get round it from many addresses, nor share it with the others
 * behind its address.
 */
export const perUserRateLimited = (name: string, limit: RateLimit) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.session?.userId ?? request.ip}`,
  },
})
