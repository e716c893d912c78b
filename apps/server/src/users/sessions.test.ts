import { describe, expect, it } from 'vitest'
import { SessionRevocations, revokes, type Revocation } from './sessions.ts'

describe('revokes', () => {
  const ref = { userId: 7, sessionId: 70 }
  it.each<[string, Revocation, boolean]>([
    ['that session', { userId: 7, sessionId: 70 }, true],
    ['another session of the user', { userId: 7, sessionId: 71 }, false],
    ['every session of the user', { userId: 7 }, true],
    ['every session of the user but this one', { userId: 7, keepSessionId: 70 }, false],
    ['every session of the user but another', { userId: 7, keepSessionId: 71 }, true],
    ['another user', { userId: 8 }, false],
  ])('%s', (_, revocation, expected) => expect(revokes(revocation, ref)).toBe(expected))
})

describe('SessionRevocations', () => {
  it('tells every listener until it stops listening', () => {
    const revocations = new SessionRevocations()
    const heard: Revocation[] = []
    const stop = revocations.listen((r) => heard.push(r))
    revocations.publish({ userId: 1, sessionId: 10 })
    stop()
    revocations.publish({ userId: 2 })
    expect(heard).toEqual([{ userId: 1, sessionId: 10 }])
  })

  it('says whether a revocation since a version may have ended a session read meanwhile', () => {
    const revocations = new SessionRevocations()
    const before = revocations.version
    expect(revocations.mayHaveEndedSince(before, { userId: 1, sessionId: 10 })).toBe(false)
    revocations.publish({ userId: 2, sessionId: 20 })
    expect(revocations.mayHaveEndedSince(before, { userId: 1, sessionId: 10 })).toBe(false)
    expect(revocations.mayHaveEndedSince(before, { userId: 2, sessionId: 20 })).toBe(true)
    // Revocations before the read began do not count.
    expect(revocations.mayHaveEndedSince(revocations.version, { userId: 2, sessionId: 20 })).toBe(false)
  })

  it('answers yes when too many revocations came since to tell', () => {
    const revocations = new SessionRevocations()
    const before = revocations.version
    for (let i = 0; i < 5000; i++) revocations.publish({ userId: 1000 + i })
    expect(revocations.mayHaveEndedSince(before, { userId: 1, sessionId: 10 })).toBe(true)
  })
})
