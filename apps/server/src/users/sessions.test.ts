import { describe, expect, it } from 'vitest'
import type { DbOrTx } from '../db/client.ts'
import { SessionRevocations, findSession, revokes, type Revocation } from './sessions.ts'

/** A database whose session reads answer when the test says, so that a revocation can land mid-read. */
function heldReads() {
  const waiting: ((rows: object[]) => void)[] = []
  const query = {
    from: () => query,
    innerJoin: () => query,
    where: () => new Promise<object[]>((resolve) => waiting.push(resolve)),
  }
  // The fake answers only the one query findSession makes: the cast says so.
  const db = { select: () => query } as unknown as DbOrTx
  return { db, waiting, answer: (rows: object[]) => waiting.shift()?.(rows) }
}

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

describe('findSession', () => {
  const now = new Date('2026-11-29T00:00:00Z')
  const row = { sessionId: 90, userId: 9, expiresAt: new Date(now.getTime() + 86_400_000) }

  it('keeps a session it read for the next call', async () => {
    const { db, waiting, answer } = heldReads()
    const reading = findSession(db, 'kept-token', now)
    answer([row])
    expect(await reading).toEqual({ sessionId: 90, userId: 9 })
    expect(await findSession(db, 'kept-token', now)).toEqual({ sessionId: 90, userId: 9 })
    expect(waiting).toHaveLength(0)
  })

  it('does not keep a session whose revocation landed while it was read', async () => {
    const { db, answer } = heldReads()
    const reading = findSession(db, 'revoked-token', now)
    // The logout commits and is published while the read (begun before the commit) is in flight.
    new SessionRevocations().publish({ userId: 9, sessionId: 90 })
    answer([row])
    // The read itself may have seen it live: callers check mayHaveEndedSince for that.
    expect(await reading).toEqual({ sessionId: 90, userId: 9 })
    // The next call asks the database again, which says it has ended.
    const again = findSession(db, 'revoked-token', now)
    answer([])
    expect(await again).toBeUndefined()
  })
})
