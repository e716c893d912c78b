import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { deposits, uploads } from '../src/db/schema.ts'
import { approveDeposit } from '../src/money/deposits.ts'
import { registerAndLogin } from './accounts.ts'
import type { TestApp } from './harness.ts'

/** A real user funded with `amount` USD through a deposit staff approved (the way money comes in). */
export async function fundedUser(app: TestApp, amount: string) {
  const user = await registerAndLogin(app)
  const userId = user.user.id as number
  const proof = randomBytes(16).toString('base64url')
  await app.db
    .insert(uploads)
    .values({ id: proof, userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 })
  const [channel] = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
  await app.get(
    `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
    { token: user.token },
  )
  const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, userId))
  expect(await approveDeposit(app.db, app.desk, row!.id)).toMatchObject({ ok: true })
  return { ...user, userId }
}
