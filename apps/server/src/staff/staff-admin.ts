import { and, asc, count, eq, isNull, ne } from 'drizzle-orm'
import type { ApprovalWaiting, StaffCreated, StaffItem } from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { staff, staffRecoveryCodes, staffSessions } from '../db/schema.ts'
import { READABLE_ALPHABET, randomString } from '../security/hashing.ts'
import type { Messenger, OutgoingMessage } from '../messaging/outbox.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import {
  ApprovalRefused,
  claimApproval,
  waitForSecondAdmin,
  type ApprovalPayload,
} from './approvals/approvals.ts'
import { audit, type Actor } from '../audit/audit.ts'
import { createStaff, findStaffByEmail } from './staff-accounts.ts'
import type { StaffRole } from './roles.ts'

const utcText = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19)

const itemOf = (row: typeof staff.$inferSelect): StaffItem => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffItem['role'],
  totp_enabled: row.totpEnabled,
  disabled: row.disabledAt !== null,
  must_change_password: row.mustChangePassword,
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
  /** An approval's claim (decision 028): run first, in the same transaction; a refusal rolls it back. */
  hook?: (tx: Tx, row: typeof staff.$inferSelect) => Promise<unknown>,
): Promise<Outcome<StaffItem>> {
  if (staffId === actor.staffId) return refuse('staff_forbidden')
  return refusedAsOutcome(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
      if (!row) return refuse('not_found')
      await hook?.(tx, row)
      const planned = await change(tx, row)
      if (!planned.ok) throw new ApprovalRefused(planned)
      const [after] = await tx.update(staff).set(planned.value).where(eq(staff.id, staffId)).returning()
      await endSessions(tx, staffId, now)
      await audit(tx, actor, {
        action,
        target: `staff:${staffId}`,
        before: itemOf(row),
        after: itemOf(after!),
      })
      return accept(itemOf(after!))
    }),
  )
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

/** The roles that move money: creating one, or raising someone to one, takes a second admin. */
const MONEY_ROLES: readonly StaffRole[] = ['admin', 'finance']

/** Whether `to` gives more money power than `from` (admin to finance is a step down). */
export const raisesToMoneyRole = (from: StaffRole | null, to: StaffRole) =>
  to === 'admin' ? from !== 'admin' : to === 'finance' && !MONEY_ROLES.includes(from ?? 'support')

/**
 * A guarded staff change waits unless no other admin account exists at all (a one-admin install:
 * nobody to ask). Disabled admins count: disabling the other admin must not make one alone again.
 */
async function mustWait(db: Db, actor: Actor): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), ne(staff.id, actor.staffId)))
  return (row?.n ?? 0) > 0
}

async function staffRow(db: Db, staffId: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId))
  return row
}

/** A refusal thrown by a change (or its claim) is its answer; the transaction is rolled back. */
async function refusedAsOutcome<T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ApprovalRefused) return error.refusal
    throw error
  }
}

const roleChange = (role: StaffRole) => async (_tx: Tx, row: typeof staff.$inferSelect) =>
  row.role === role ? refuse('already_processed') : accept({ role })

/**
 * A new role for another staff member. Raising one to admin or finance waits for a second admin
 * (issue 22) unless the actor is the only active admin (nobody to ask: decision 028).
 */
export async function setStaffRole(
  db: Db,
  actor: Actor,
  staffId: number,
  role: StaffRole,
  now: Date,
): Promise<Outcome<StaffItem | ApprovalWaiting>> {
  if (staffId === actor.staffId) return refuse('staff_forbidden')
  const row = await staffRow(db, staffId)
  if (!row) return refuse('not_found')
  if (row.role === role) return refuse('already_processed')
  // Taking an admin's role away waits too: it would leave one admin alone, free of four eyes.
  const guarded = raisesToMoneyRole(row.role as StaffRole, role) || row.role === 'admin'
  if (guarded && (await mustWait(db, actor)))
    return accept(
      await waitForSecondAdmin(
        db,
        actor,
        {
          kind: 'staff.role',
          target: `staff:${staffId}`,
          before: { email: row.email, role: row.role },
          after: { email: row.email, role },
        },
        now,
      ),
    )
  return changeStaff(db, actor, staffId, 'staff.role', roleChange(role), now)
}

const secondFactorReset = async (tx: Tx, row: typeof staff.$inferSelect) => {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id))
  return accept({
    totpEnabled: false,
    totpSecret: null,
    totpLastStep: null,
    failedLogins: 0,
    lockedUntil: null,
    // Issue 22: whoever might know the password (an old one set by another admin) cannot use it
    // to enrol an authenticator of their own: the next sign-in sets a new password first.
    mustChangePassword: true,
  })
}

/**
 * A lost phone: the staff member's authenticator and recovery codes are forgotten, their sessions
 * end, and their next sign-in sets a new password, then a new authenticator (from a QR code). It
 * waits for a second admin (issue 22) unless the actor is the only active admin.
 */
export async function resetSecondFactor(
  db: Db,
  actor: Actor,
  staffId: number,
  now: Date,
): Promise<Outcome<StaffItem | ApprovalWaiting>> {
  if (staffId === actor.staffId) return refuse('staff_forbidden')
  const row = await staffRow(db, staffId)
  if (!row) return refuse('not_found')
  if (await mustWait(db, actor))
    return accept(
      await waitForSecondAdmin(
        db,
        actor,
        {
          kind: 'staff.reset_second_factor',
          target: `staff:${staffId}`,
          before: { email: row.email, role: row.role, totp_enabled: row.totpEnabled },
          after: { email: row.email, role: row.role, totp_enabled: false, must_change_password: true },
        },
        now,
      ),
    )
  return changeStaff(db, actor, staffId, 'staff.reset_second_factor', secondFactorReset, now)
}

/**
 * Where a new staff member's one-time password goes: their own e-mail address, through the
 * messenger, and nowhere else (no staff answer carries it, so no admin can sign in as them first
 * and keep a second admin account: decision 028). `publicUrl` names the sign-in address.
 */
export interface StaffMail {
  messenger: Messenger
  publicUrl?: string
}

/** The new member's mail: the password travels as the message's code, so the outbox keeps it masked. */
export function staffPasswordMessage(name: string, password: string, publicUrl?: string): OutgoingMessage {
  const signIn = publicUrl
    ? `${publicUrl.replace(/\/+$/, '')}/admin`
    : "the platform's address followed by /admin"
  return {
    subject: 'Your back-office account / 您的後台帳號',
    text: (shown) =>
      [
        `Hello ${name},`,
        '',
        'A back-office account was made for you.',
        `Sign in at: ${signIn}`,
        `One-time password: ${shown}`,
        '',
        'At your first sign-in you replace it with a password of your own, then set up two-step verification.',
        '',
        `已為您建立後台帳號。請於 ${signIn} 登入，一次性密碼：${shown}；首次登入時須改設您自己的密碼。`,
      ].join('\n'),
    code: password,
  }
}

/** Sends a created member their one-time password (after the account is committed). */
async function mailPassword(mail: StaffMail, created: CreatedWithPassword): Promise<StaffCreated> {
  const { password, ...item } = created
  await mail.messenger.send('email', item.email, staffPasswordMessage(item.name, password, mail.publicUrl))
  return { ...item, password_sent_to: item.email }
}

type CreatedWithPassword = StaffItem & { password: string }

/**
 * Adds a staff member from the back office with a one-time temporary password, e-mailed to the
 * member alone; the first sign-in sets the member's own (issue 22). An admin or finance member
 * waits for a second admin unless the actor is the only active admin.
 */
export async function createStaffMember(
  db: Db,
  mail: StaffMail,
  actor: Actor,
  input: { email: string; name: string; role: StaffRole },
  now: Date,
): Promise<Outcome<StaffCreated | ApprovalWaiting>> {
  const email = input.email.trim().toLowerCase()
  if (raisesToMoneyRole(null, input.role) && (await mustWait(db, actor))) {
    if (await findStaffByEmail(db, email)) return refuse('account_exists')
    return accept(
      await waitForSecondAdmin(
        db,
        actor,
        { kind: 'staff.create', target: `staff:${email}`, before: {}, after: { ...input, email } },
        now,
      ),
    )
  }
  const created = await refusedAsOutcome(() => db.transaction((tx) => createWithAudit(tx, actor, input)))
  return created.ok ? accept(await mailPassword(mail, created.value)) : created
}

async function createWithAudit(
  tx: Tx,
  actor: Actor,
  input: { email: string; name: string; role: StaffRole },
): Promise<Outcome<CreatedWithPassword>> {
  const password = temporaryPassword()
  const created = await createStaff(tx, { ...input, password, mustChangePassword: true })
  if (!created.ok) throw new ApprovalRefused(created)
  await audit(tx, actor, {
    action: 'staff.create',
    target: `staff:${created.value.id}`,
    after: { email: input.email, name: input.name, role: input.role, password_mailed: true },
  })
  const [row] = await tx.select().from(staff).where(eq(staff.id, created.value.id))
  return accept({ ...itemOf(row!), password })
}

/** 20 readable characters (about 98 bits): typed once, then replaced. */
const temporaryPassword = () => {
  const text = randomString(READABLE_ALPHABET, 20)
  return `${text.slice(0, 5)}-${text.slice(5, 10)}-${text.slice(10, 15)}-${text.slice(15)}`
}

/** What an approved staff request makes: the same change, its claim first in its transaction. */
export async function applyStaffApproval(
  db: Db,
  mail: StaffMail,
  approver: Actor,
  approvalId: number,
  kind: 'staff.create' | 'staff.role' | 'staff.reset_second_factor',
  target: string,
  payload: ApprovalPayload,
  now: Date,
): Promise<Outcome<StaffItem | StaffCreated>> {
  if (kind === 'staff.create') {
    const input = payload.after as { email: string; name: string; role: StaffRole }
    const created = await refusedAsOutcome(() =>
      db.transaction(async (tx) => {
        // An address taken meanwhile is refused by createStaff (account_exists).
        await claimApproval(tx, approver, approvalId, now, async () => false)
        return createWithAudit(tx, approver, input)
      }),
    )
    // Mailed to the member, never answered to the approving admin (who could else sign in first).
    return created.ok ? accept(await mailPassword(mail, created.value)) : created
  }
  const staffId = Number(target.replace(/^staff:/, ''))
  const claim = (tx: Tx, row: typeof staff.$inferSelect) =>
    claimApproval(tx, approver, approvalId, now, async () =>
      kind === 'staff.role' ? row.role !== payload.before.role : false,
    )
  const change = kind === 'staff.role' ? roleChange(payload.after.role as StaffRole) : secondFactorReset
  return changeStaff(db, approver, staffId, kind, change, now, claim)
}
