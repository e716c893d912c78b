import { randomBytes } from 'node:crypto'
import type { CommandResult } from '@tp/engine'
import { desc, eq } from 'drizzle-orm'
import { deposits, uploads } from '../src/db/schema.ts'
import { approvedDeposit } from './approvers.ts'
import { registerAndLogin } from './accounts.ts'
import type { TestApp } from './harness.ts'

/** A real user funded with `amount` USD through a deposit staff approved (by two above the four-eyes amount). */
export async function fundedUser(app: TestApp, amount: string) {
  const user = await registerAndLogin(app)
  const userId = user.user.id as number
  await approvedDeposit(app, await depositRequested(app, { token: user.token, userId }, amount))
  return { ...user, userId }
}

/** A deposit of `amount` USD the user asked for (with a proof), waiting for staff; its id. */
export async function depositRequested(
  app: TestApp,
  user: { token: string; userId: number },
  amount: string,
) {
  const { token, userId } = user
  const proof = randomBytes(16).toString('base64url')
  await app.db
    .insert(uploads)
    .values({ id: proof, userId, contentType: 'image/jpeg', bytes: 1, width: 1, height: 1 })
  const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
  await app.get(
    `/api/quickCharge/submit?number=${amount}&proofImg=${proof}&charge_id=${channel.id}&address=${channel.address}`,
    { token },
  )
  const [row] = await app.db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.id))
    .limit(1)
  return row!.id
}

/**
 * Books a money command straight on the desk (a statement's rows without the deposit and withdrawal
 * screens): a money step with nothing to prepare, as staff's own steps run.
 */
export function bookedOnDesk(
  desk: TestApp['desk'],
  userId: number,
  command: (engine: TestApp['desk']['view']) => CommandResult,
) {
  return desk.runMoney(userId, { prepare: async () => ({ ok: true, value: undefined }), command })
}
