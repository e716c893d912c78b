import { count, eq } from 'drizzle-orm'
import type { SecondFactorMethod } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { userPasskeys, userSecondFactors } from '../../db/schema.ts'

/**
 * The ways a client can prove it is them beyond the password: none (no second factor set), or the
 * authenticator and/or passkeys, and then recovery codes too. One home for "has a second factor".
 */
export async function factorMethods(db: DbOrTx, userId: number): Promise<SecondFactorMethod[]> {
  const [[factor], [keys]] = await Promise.all([
    db
      .select({ totpSecret: userSecondFactors.totpSecret })
      .from(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId)),
    db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId)),
  ])
  const methods: SecondFactorMethod[] = []
  if (factor?.totpSecret) methods.push('totp')
  if ((keys?.n ?? 0) > 0) methods.push('passkey')
  if (methods.length > 0) methods.push('recovery')
  return methods
}
