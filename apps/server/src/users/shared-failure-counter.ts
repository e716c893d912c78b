import type { Redis } from '../db/redis.ts'
import type { Claim, FailureCounterLimits, FailureCounts } from './failure-counter.ts'

/**
 * The sign-in failures of addresses and unknown account names kept in Redis, so that every process
 * behind a load balancer counts the same attempts (issue 27): one more process is no way round the
 * limits. The same rules as the in-memory FailureCounter, each claim one atomic script.
 */
const CLAIM = `
local max, hotMs, decayMs, now, force, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local state = redis.call('HMGET', KEYS[1], 'f', 'first', 'hot')
local f, first, hot = tonumber(state[1]) or 0, tonumber(state[2]) or now, tonumber(state[3]) or 0
if f >= max then
  if hot <= now then f = 0 end
elseif f > 0 and decayMs > 0 and now - first >= decayMs then
  f = 0
end
if f == 0 then first = now; hot = 0 end
if f >= max and force == 0 then return {0, hot - now} end
f = f + 1
if f >= max then hot = now + hotMs end
redis.call('HSET', KEYS[1], 'f', f, 'first', first, 'hot', hot)
redis.call('PEXPIRE', KEYS[1], ttl)
if f >= max then return {1, 1} end
return {1, 0}
`

const RELEASE = `
local f = redis.call('HINCRBY', KEYS[1], 'f', -1)
if f <= 0 then redis.call('DEL', KEYS[1]) end
return f
`

/** How long a key that never decays (unknown account names) is kept at most without an attempt. */
const NEVER_DECAYS_TTL_MS = 24 * 60 * 60 * 1000

export class SharedFailureCounter implements FailureCounts {
  constructor(
    private readonly redis: Redis,
    /** Keeps the counts of different counters apart (`signin:address:`). */
    private readonly prefix: string,
    private readonly limits: FailureCounterLimits,
  ) {}

  async claim(key: string, now: Date, force = false): Promise<Claim> {
    const { maxFailures, hotMs, decayMs } = this.limits
    const decays = Number.isFinite(decayMs)
    // A key lives as long as it can matter: its hot wait, its decay, or a day for one that never decays.
    const ttl = (decays ? Math.max(hotMs, decayMs) : Math.max(hotMs, NEVER_DECAYS_TTL_MS)) + 1000
    const [ok, value] = (await this.redis.eval(
      CLAIM,
      1,
      this.prefix + key,
      maxFailures,
      hotMs,
      decays ? decayMs : 0,
      now.getTime(),
      force ? 1 : 0,
      ttl,
    )) as [number, number]
    return ok === 1 ? { ok: true, hot: value === 1 } : { ok: false, waitMs: value }
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.prefix + key)
  }
}
