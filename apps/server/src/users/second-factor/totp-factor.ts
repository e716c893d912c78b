import { and, eq, isNull, sql } from 'drizzle-orm'
import type { TotpSetup } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { userSecondFactors } from '../../db/schema.ts'
import { acceptedTotpStep, newTotpSecret, totpQrSvg, totpUri } from '../../security/totp.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { ensureFactorRow } from './factor-tries.ts'

/**
 * Starts adding an authenticator app: a fresh secret, kept as pending until a first right code
 * (`confirmTotp`) shows the app has it. Another start replaces the pending one.
 */
export async function startTotpSetup(
  db: DbOrTx,
  userId: number,
  account: string,
  issuer: string,
): Promise<Outcome<TotpSetup>> {
  await ensureFactorRow(db, userId)
  const secret = newTotpSecret()
  const started = await db
    .update(userSecondFactors)
    .set({ totpPendingSecret: secret })
    .where(and(eq(userSecondFactors.userId, userId), isNull(userSecondFactors.totpSecret)))
    .returning({ userId: userSecondFactors.userId })
  if (started.length === 0) return refuse('already_processed')
  const otpauthUrl = totpUri(secret, account, issuer)
  return accept({ secret, otpauth_url: otpauthUrl, qr_svg: await totpQrSvg(otpauthUrl) })
}

/**
 * The first code of the app just added: right, it becomes the client's authenticator (in the
 * caller's transaction, by a conditional update only one request wins). False: wrong or raced.
 */
export async function confirmTotp(db: DbOrTx, userId: number, code: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId))
  const pending = row?.totpPendingSecret
  if (!pending || row.totpSecret) return false
  const step = acceptedTotpStep(pending, code, now.getTime(), null)
  if (step === null) return false
  const confirmed = await db
    .update(userSecondFactors)
    .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step, updatedAt: now })
    .where(
      and(
        eq(userSecondFactors.userId, userId),
        eq(userSecondFactors.totpPendingSecret, pending),
        isNull(userSecondFactors.totpSecret),
      ),
    )
    .returning({ userId: userSecondFactors.userId })
  return confirmed.length > 0
}

/**
 * Uses a code of the client's authenticator: right within a step of now and later than the last one
 * used (a code is good once), moved forward by a conditional update. False: wrong, used or raced.
 */
export async function spendTotpCode(
  db: DbOrTx,
  row: { userId: number; totpSecret: string | null; totpLastStep: number | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = row.totpSecret
  if (!secret) return false
  const step = acceptedTotpStep(secret, code, now.getTime(), row.totpLastStep)
  if (step === null) return false
  const t = userSecondFactors
  const moved = await db
    .update(t)
    .set({ totpLastStep: step })
    .where(
      and(eq(t.userId, row.userId), eq(t.totpSecret, secret), sql`coalesce(${t.totpLastStep}, -1) < ${step}`),
    )
    .returning({ userId: t.userId })
  return moved.length > 0
}

export async function removeTotp(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const removed = await db
    .update(userSecondFactors)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
    .where(and(eq(userSecondFactors.userId, userId), sql`${userSecondFactors.totpSecret} is not null`))
    .returning({ userId: userSecondFactors.userId })
  return removed.length > 0
}
