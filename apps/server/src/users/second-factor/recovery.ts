import { and, count, eq, isNull } from 'drizzle-orm'
import { RECOVERY_CODE_COUNT } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { userRecoveryCodes } from '../../db/schema.ts'
import { generateRecoveryCodes, recoveryCodeHash } from '../../security/recovery-codes.ts'

/** A fresh set of the client's recovery codes, shown once; the old ones stop working. */
export async function issueRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const { shown, hashes } = generateRecoveryCodes(RECOVERY_CODE_COUNT)
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })))
  return shown
}

/** Spends one of the client's codes (`code` as `recoveryCodeText` reads it): false if none matches. */
export async function spendRecoveryCode(
  db: DbOrTx,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id })
  return used.length > 0
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)))
  return row?.n ?? 0
}

export async function dropRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
}
