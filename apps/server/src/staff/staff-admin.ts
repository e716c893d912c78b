import { and, asc, eq, isNull } from 'drizzle-orm'
import type { StaffItem } from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { staff, staffRecoveryCodes, staffSessions } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../services/outcome.ts'
import { audit, type Actor } from './audit.ts'
import type { StaffRole } from './roles.ts'

const utcText = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19)

const itemOf = (row: typeof staff.$inferSelect): StaffItem => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffItem['role'],
  totp_enabled: row.totpEnabled,
  disabled: row.disabledAt !== null,
  created_at: utcText(row.createdAt),
})

export async function staffList(db: Db): Promise<StaffItem[]> {
  return (await db.select().from(staff).orderBy(asc(staff.id))).map(itemOf)
}

async function endSessions(tx: Tx, staffId: number, now: Date) {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
}

/**
 * One change to another staff member, with its audit row, in one transaction (the row locked). Nobody
 * changes themselves here: a mistake could lock them out, and since only an active admin acts, an
 * active admin always remains.
 */
async function changeStaff(
  db: Db,
  actor: Actor,
  staffId: number,
  action: string,
  change: (tx: Tx, row: typeof staff.$inferSelect) => Promise<Outcome<Partial<typeof staff.$inferInsert>>>,
  now: Date,
): Promise<Outcome<StaffItem>> {
  if (staffId === actor.staffId) return refuse('staff_forbidden')
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
    if (!row) return refuse('not_found')
    const planned = await change(tx, row)
    if (!planned.ok) return planned
    const [after] = await tx.update(staff).set(planned.value).where(eq(staff.id, staffId)).returning()
    await endSessions(tx, staffId, now)
    await audit(tx, actor, { action, target: `staff:${staffId}`, before: itemOf(row), after: itemOf(after!) })
    return accept(itemOf(after!))
  })
}

export function disableStaff(db: Db, actor: Actor, staffId: number, now: Date) {
  return changeStaff(
    db,
    actor,
    staffId,
    'staff.disable',
    async (_tx, row) => {
      if (row.disabledAt) return refuse('already_processed')
      return accept({ disabledAt: now })
    },
    now,
  )
}

export function enableStaff(db: Db, actor: Actor, staffId: number, now: Date) {
  return changeStaff(
    db,
    actor,
    staffId,
    'staff.enable',
    async (_tx, row) => (row.disabledAt ? accept({ disabledAt: null }) : refuse('already_processed')),
    now,
  )
}

export function setStaffRole(db: Db, actor: Actor, staffId: number, role: StaffRole, now: Date) {
  return changeStaff(
    db,
    actor,
    staffId,
    'staff.role',
    async (_tx, row) => {
      if (row.role === role) return refuse('already_processed')
      return accept({ role })
    },
    now,
  )
}

/**
 * A lost phone: the staff member's authenticator and recovery codes are forgotten, their sessions
 * end, and their next sign-in sets up a new authenticator (from a QR code, after their password).
 */
export function resetSecondFactor(db: Db, actor: Actor, staffId: number, now: Date) {
  return changeStaff(
    db,
    actor,
    staffId,
    'staff.reset_second_factor',
    async (tx, row) => {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id))
      return accept({
        totpEnabled: false,
        totpSecret: null,
        totpLastStep: null,
        failedLogins: 0,
        lockedUntil: null,
      })
    },
    now,
  )
}
