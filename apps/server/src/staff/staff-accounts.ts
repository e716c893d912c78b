import { count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { staff } from '../db/schema.ts'
import { hashPassword } from '../security/hashing.ts'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import type { StaffRole } from './roles.ts'

/** A staff password: long, since it guards money (NIST SP 800-63B asks 8 at least; we ask 12). */
export const STAFF_PASSWORD_MIN_LENGTH = 12

export interface NewStaff {
  email: string
  name: string
  role: StaffRole
  password: string
  /** A temporary password given by another admin (issue 22): the first sign-in replaces it. */
  mustChangePassword?: boolean
}

/** Adds a staff member; the second factor is set up at their first sign-in. */
export async function createStaff(db: DbOrTx, input: NewStaff): Promise<Outcome<{ id: number }>> {
  const email = input.email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
    return refuse('invalid_input', { field: 'email' })
  if (input.password.length < STAFF_PASSWORD_MIN_LENGTH || input.password.length > 128)
    return refuse('password_rule')
  const name = input.name.trim() || email.split('@')[0] || email
  try {
    const [row] = await db
      .insert(staff)
      .values({
        email,
        name: name.slice(0, 64),
        role: input.role,
        passwordHash: await hashPassword(input.password),
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .returning({ id: staff.id })
    return accept({ id: row!.id })
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('account_exists')
    throw error
  }
}

export async function findStaffByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email.trim().toLowerCase()))
  return row
}

/**
 * The first admin of a fresh install, from ADMIN_EMAIL and ADMIN_PASSWORD: created only while no
 * staff account exists at all, so changing the variables later creates nobody.
 */
export async function ensureFirstAdmin(
  db: DbOrTx,
  credentials: { email?: string | undefined; password?: string | undefined },
): Promise<Outcome<{ id: number } | null>> {
  if (!credentials.email || !credentials.password) return accept(null)
  const [existing] = await db.select({ n: count() }).from(staff)
  if ((existing?.n ?? 0) > 0) return accept(null)
  return createStaff(db, {
    email: credentials.email,
    name: 'Administrator',
    role: 'admin',
    password: credentials.password,
  })
}
