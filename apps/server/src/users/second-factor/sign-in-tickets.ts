import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { signInTickets, users } from '../../db/schema.ts'
import { newToken, sha256 } from '../../security/hashing.ts'
import { refuse } from '../../outcome/outcome.ts'
import { ProofRefused } from './proofs.ts'

/** How long the second step of a sign-in may wait for the code after the right password. */
export const TICKET_TTL_MS = 5 * 60 * 1000

/** A stamp of the password a ticket was given for: a password changed meanwhile ends the ticket. */
const passwordStamp = (passwordHash: string) => sha256(`ticket:${passwordHash}`)

/** The right password of an account with a second factor: a ticket for the second step. */
export async function issueTicket(
  db: DbOrTx,
  user: { id: number; passwordHash: string },
  address: string,
  now: Date,
): Promise<string> {
  const token = newToken()
  // Old tickets go as new ones come: the table holds a few minutes' worth.
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, now))
  await db.insert(signInTickets).values({
    tokenHash: sha256(token),
    userId: user.id,
    passwordStamp: passwordStamp(user.passwordHash),
    address: address.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
  })
  return token
}

/** Whose live ticket this is; undefined if unknown, used or expired. */
export async function ticketUser(db: DbOrTx, token: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: signInTickets.userId })
    .from(signInTickets)
    .where(
      and(
        eq(signInTickets.tokenHash, sha256(token)),
        isNull(signInTickets.usedAt),
        gt(signInTickets.expiresAt, now),
      ),
    )
  return row?.userId
}

/**
 * Uses the ticket up, in the transaction that opens the session: one conditional update, so a
 * ticket becomes at most one session whatever races on it, and only while the account's password
 * is still the one it was given for (its row read FOR SHARE, as a password sign-in does) and the
 * account is not disabled. Throws ProofRefused otherwise, which rolls the proof's spending back.
 */
export async function useTicket(tx: DbOrTx, token: string, userId: number, now: Date): Promise<void> {
  const [ticket] = await tx
    .update(signInTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInTickets.tokenHash, sha256(token)),
        eq(signInTickets.userId, userId),
        isNull(signInTickets.usedAt),
        gt(signInTickets.expiresAt, now),
      ),
    )
    .returning({ passwordStamp: signInTickets.passwordStamp })
  if (!ticket) throw new ProofRefused(refuse('sign_in_again'))
  const [user] = await tx
    .select({ passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
  if (!user?.passwordHash || passwordStamp(user.passwordHash) !== ticket.passwordStamp)
    throw new ProofRefused(refuse('sign_in_again'))
  if (user.disabledAt) throw new ProofRefused(refuse('account_disabled'))
}
