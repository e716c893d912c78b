import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { deposits, uploads } from '../src/db/schema.ts'
import { approvedDeposit } from './approvers.ts'
import { registerAndLogin } from './accounts.ts'
import type { TestApp } from './harness.ts'

/** A real user funded with `amount` USD through a deposit staff approved (by two above the four-eyes amount). */
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
  await approvedDeposit(app, row!.id)
  return { ...user, userId }
}
