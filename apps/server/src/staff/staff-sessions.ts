import { and, eq, gt, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { staff, staffSessions } from '../db/schema.ts'
import { newToken, sha256 } from '../security/hashing.ts'
import { isStaffRole, type StaffRole } from './roles.ts'

/** The password is right, the second factor is owed: five minutes to give it. */
export const PENDING_TTL_MS = 5 * 60 * 1000
/** A working day: staff sign in again every morning. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000

export const Stage = { PENDING: 1, SIGNED_IN: 2 } as const
export type StageValue = (typeof Stage)[keyof typeof Stage]

export interface StaffSession {
  sessionId: number
  staffId: number
  email: string
  name: string
  role: StaffRole
  stage: StageValue
}

export async function openStaffSession(
  db: DbOrTx,
  staffId: number,
  stage: StageValue,
  address: string,
  now: Date,
): Promise<string> {
  const token = newToken()
  const ttl = stage === Stage.PENDING ? PENDING_TTL_MS : STAFF_SESSION_TTL_MS
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: sha256(token),
    stage,
    address: address.slice(0, 64),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttl),
  })
  return token
}

/**
 * The live session of a token, with its staff member, or undefined (unknown, expired, revoked, or
 * the staff member disabled). Read from the database on every call: staff are few, and a revoked
 * or disabled one must be out at once.
 */
export async function findStaffSession(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<StaffSession | undefined> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      stage: staffSessions.stage,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        isNull(staff.disabledAt),
      ),
    )
  if (!row || !isStaffRole(row.role)) return undefined
  return { ...row, role: row.role, stage: row.stage === Stage.SIGNED_IN ? Stage.SIGNED_IN : Stage.PENDING }
}

export async function revokeStaffSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
}
