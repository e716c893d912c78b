import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { IdentityCheckStatus } from '@tp/contracts'
import type { Actor } from '../src/audit/audit.ts'
import { identityChecks, uploads } from '../src/db/schema.ts'
import { decideDeposit, decideWithdrawalAs } from '../src/staff/queues/decisions.ts'
import { createStaff } from '../src/staff/staff-accounts.ts'
import type { TestApp } from './harness.ts'

/*
 * Staff decisions for tests that need money in or out without going through the back office's
 * routes, taken as the back office takes them (staff/queues/decisions.ts: audited, with the client's
 * notice): two finance members per app, so that an amount above the four-eyes threshold (decision
 * 025) is approved by two different people, as it must be.
 */

const approvers = new WeakMap<object, Promise<[number, number]>>()

/** Two finance members of `app` (created once). */
export function financePair(app: TestApp): Promise<[number, number]> {
  let pair = approvers.get(app)
  if (!pair) {
    const one = async () => {
      const email = `finance-${randomBytes(6).toString('hex')}@broker.example`
      const created = await createStaff(app.db, {
        email,
        name: 'Finance',
        role: 'finance',
        password: 'x'.repeat(12),
      })
      if (!created.ok) throw new Error(`staff not created: ${created.reason}`)
      return created.value.id
    }
    pair = (async () => [await one(), await one()] as [number, number])()
    approvers.set(app, pair)
  }
  return pair
}

const actor = (staffId: number): Actor => ({
  staffId,
  email: `finance-${staffId}@broker.example`,
  address: '127.0.0.1',
})

/** Approves a deposit as finance, by a second finance member too when the amount needs two. */
export async function approvedDeposit(app: TestApp, depositId: number) {
  const [first, second] = await financePair(app)
  const once = await decideDeposit(app.db, app.desk, actor(first), depositId, 'approve')
  expect(once).toMatchObject({ ok: true })
  if (once.ok && 'waiting' in once && once.waiting)
    expect(await decideDeposit(app.db, app.desk, actor(second), depositId, 'approve')).toMatchObject({
      ok: true,
      waiting: false,
    })
  return once
}

/** Pays (by two when needed) or rejects a withdrawal as finance; the last decision's answer. */
export async function decidedWithdrawal(app: TestApp, withdrawalId: number, decision: 'pay' | 'reject') {
  const [first, second] = await financePair(app)
  const as = decision === 'pay' ? 'approve' : 'reject'
  const text = decision === 'pay' ? '' : 'rejected in a test'
  const once = await decideWithdrawalAs(app.db, app.desk, actor(first), withdrawalId, as, text)
  if (once.ok && once.waiting)
    return decideWithdrawalAs(app.db, app.desk, actor(second), withdrawalId, as, text)
  return once
}

/**
 * An identity check of `userId` already approved (its two images stood in for by rows): what the
 * second factor's reset by staff asks for (decision 047).
 */
export async function verifiedIdentity(app: TestApp, userId: number): Promise<void> {
  const image = randomBytes(8).toString('base64url')
  const picture = { userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 }
  await app.db.insert(uploads).values([
    { id: `${image}a`, ...picture },
    { id: `${image}b`, ...picture },
  ])
  await app.db.insert(identityChecks).values({
    userId,
    name: 'Chan Tai Man',
    cardId: 'A1234567',
    frontUploadId: `${image}a`,
    reverseUploadId: `${image}b`,
    status: IdentityCheckStatus.Approved,
  })
}
