import { describe, expect, it } from 'vitest'
import { DEFAULT_SOCKET_LIMITS, FrameBudget, TokenBucket } from './socket-limits.ts'

/** A clock the test moves by hand, in milliseconds. */
function manualClock() {
  let nowMs = 0
  return { now: () => nowMs, advance: (ms: number) => (nowMs += ms) }
}

describe('TokenBucket', () => {
  it('lets a burst through, then one token per refill period', () => {
    const clock = manualClock()
    const bucket = new TokenBucket(5, 1, clock.now)
    expect(Array.from({ length: 6 }, () => bucket.take())).toEqual([true, true, true, true, true, false])
    clock.advance(999)
    expect(bucket.take()).toBe(false)
    clock.advance(1)
    expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
  })

  it('never holds more than its capacity however long it rests', () => {
    const clock = manualClock()
    const bucket = new TokenBucket(3, 10, clock.now)
    clock.advance(3_600_000)
    expect(Array.from({ length: 4 }, () => bucket.take())).toEqual([true, true, true, false])
  })
})

describe('FrameBudget', () => {
  const limits = {
    ...DEFAULT_SOCKET_LIMITS,
    frameBurst: 10,
    framesPerSecond: 10,
    loginBurst: 2,
    loginsPerSecond: 0.5,
    excessBurst: 3,
    excessForgivenPerSecond: 1,
  }

  it('ignores frames past the budget, then closes a socket that keeps flooding', () => {
    const clock = manualClock()
    const budget = new FrameBudget(limits, clock.now)
    const verdicts = Array.from({ length: 14 }, () => budget.frame())
    expect(verdicts.slice(0, 10).every((v) => v === 'handle')).toBe(true)
    expect(verdicts.slice(10)).toEqual(['ignore', 'ignore', 'ignore', 'close'])
  })

  it('forgives a client that slows down after overshooting', () => {
    const clock = manualClock()
    const budget = new FrameBudget(limits, clock.now)
    for (let i = 0; i < 10; i++) budget.frame()
    expect([budget.frame(), budget.frame()]).toEqual(['ignore', 'ignore'])
    clock.advance(2_000)
    // The frame budget is full again, and so is the patience.
    expect(Array.from({ length: 10 }, () => budget.frame()).every((v) => v === 'handle')).toBe(true)
    expect([budget.frame(), budget.frame(), budget.frame(), budget.frame()]).toEqual([
      'ignore',
      'ignore',
      'ignore',
      'close',
    ])
  })

  it('holds login frames to their own, tighter budget', () => {
    const clock = manualClock()
    const budget = new FrameBudget(limits, clock.now)
    expect([budget.login(), budget.login(), budget.login()]).toEqual(['handle', 'handle', 'ignore'])
    // Other frames are not held back by the login budget.
    expect(budget.frame()).toBe('handle')
    clock.advance(2_000)
    expect([budget.login(), budget.login()]).toEqual(['handle', 'ignore'])
  })
})
