/**
 * Failed attempts per key (an address, or an account name that has no account), in memory. Claims are
 * synchronous, so concurrent requests in this process can never pass a cap together: each takes its
 * slot before it awaits anything. Bounded: past `maxKeys` the oldest keys are forgotten, which only
 * ever lets a forgotten key start over, never locks anyone out.
 */
export interface FailureCounterLimits {
  /** Failures that make a key "hot" (needs a captcha or a wait). */
  maxFailures: number
  /** How long a key stays hot once it reached `maxFailures`. */
  hotMs: number
  /** A key that is not hot starts over this long after its first failure (Infinity: never). */
  decayMs: number
  maxKeys: number
}

interface Entry {
  failures: number
  firstMs: number
  hotUntilMs: number
}

export type Claim = { ok: true; hot: boolean } | { ok: false; waitMs: number }

/** Failure counts as the sign-in limits use them: in this process (FailureCounter) or in Redis. */
export interface FailureCounts {
  claim(key: string, now: Date, force?: boolean): Promise<Claim>
  release(key: string): Promise<void>
}

/** A FailureCounter behind the shared interface: each claim is still taken before anything awaits. */
export function inMemoryCounts(limits: FailureCounterLimits): FailureCounts {
  const counter = new FailureCounter(limits)
  return {
    claim: async (key, now, force) => counter.claim(key, now, force),
    release: async (key) => counter.release(key),
  }
}

export class FailureCounter {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly limits: FailureCounterLimits) {}

  /**
   * Counts an attempt against `key` before its outcome is known. Refused while the key is hot unless
   * `force` (the caller solved a captcha). `hot` says whether this attempt made or kept the key hot.
   */
  claim(key: string, now: Date, force = false): Claim {
    const nowMs = now.getTime()
    let entry = this.entries.get(key)
    if (entry && this.expired(entry, nowMs)) {
      this.entries.delete(key)
      entry = undefined
    }
    if (entry && !force && entry.failures >= this.limits.maxFailures) {
      return { ok: false, waitMs: entry.hotUntilMs - nowMs }
    }
    if (!entry) {
      this.makeRoom()
      entry = { failures: 0, firstMs: nowMs, hotUntilMs: 0 }
    } else {
      this.entries.delete(key) // re-inserted below: the Map's order is the order of last use
    }
    entry.failures += 1
    if (entry.failures >= this.limits.maxFailures) entry.hotUntilMs = nowMs + this.limits.hotMs
    this.entries.set(key, entry)
    return { ok: true, hot: entry.failures >= this.limits.maxFailures }
  }

  /** Gives back a claimed attempt that turned out not to be a failure (a right password). */
  release(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    entry.failures -= 1
    if (entry.failures <= 0) this.entries.delete(key)
  }

  private expired(entry: Entry, nowMs: number): boolean {
    if (entry.failures >= this.limits.maxFailures) return entry.hotUntilMs <= nowMs
    return nowMs - entry.firstMs >= this.limits.decayMs
  }

  private makeRoom(): void {
    while (this.entries.size >= this.limits.maxKeys) {
      const oldest = this.entries.keys().next()
      if (oldest.done) return
      this.entries.delete(oldest.value)
    }
  }
}
