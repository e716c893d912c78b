import { describe, expect, it } from 'vitest'
import { FailureCounter } from './failure-counter.ts'

const at = (ms: number) => new Date(1_700_000_000_000 + ms)
const counter = (maxKeys = 100) =>
  new FailureCounter({ maxFailures: 3, hotMs: 60_000, decayMs: 120_000, maxKeys })

describe('FailureCounter', () => {
  it('gives slots up to the limit, says which one made the key hot, then refuses with the wait', () => {
    const failures = counter()
    expect(failures.claim('a', at(0))).toEqual({ ok: true, hot: false })
    expect(failures.claim('a', at(0))).toEqual({ ok: true, hot: false })
    expect(failures.claim('a', at(1000))).toEqual({ ok: true, hot: true })
    expect(failures.claim('a', at(2000))).toEqual({ ok: false, waitMs: 59_000 })
    expect(failures.claim('b', at(2000))).toEqual({ ok: true, hot: false })
  })

  it('lets a forced claim (a solved captcha) through a hot key and keeps it hot', () => {
    const failures = counter()
    for (let i = 0; i < 3; i++) failures.claim('a', at(0))
    expect(failures.claim('a', at(30_000), true)).toEqual({ ok: true, hot: true })
    expect(failures.claim('a', at(80_000))).toEqual({ ok: false, waitMs: 10_000 })
  })

  it('starts over after the wait, or after the decay time when it never got hot', () => {
    const failures = counter()
    for (let i = 0; i < 3; i++) failures.claim('a', at(0))
    expect(failures.claim('a', at(60_000))).toEqual({ ok: true, hot: false })
    failures.claim('b', at(0))
    failures.claim('b', at(0))
    expect(failures.claim('b', at(120_000))).toEqual({ ok: true, hot: false })
  })

  it('gives back the slot of an attempt that was not a failure', () => {
    const failures = counter()
    failures.claim('a', at(0))
    failures.claim('a', at(0))
    failures.release('a')
    expect(failures.claim('a', at(0))).toEqual({ ok: true, hot: false })
    expect(failures.claim('a', at(0))).toEqual({ ok: true, hot: true })
  })

  it('forgets the least recently used keys past its bound, never refusing a new one', () => {
    const failures = counter(2)
    for (let i = 0; i < 3; i++) failures.claim('a', at(0))
    failures.claim('b', at(0))
    failures.claim('c', at(0)) // 'a' is forgotten
    expect(failures.claim('a', at(0))).toEqual({ ok: true, hot: false })
  })
})
