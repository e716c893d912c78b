import { eq, sql } from 'drizzle-orm'
import {
  CodePurpose,
  email as emailSchema,
  mobileNumber,
  type LoginRequest,
  type LoginResult,
  type RegisterRequest,
} from '@tp/contracts'
import { users } from '../db/schema.ts'
import { hashPassword, spendPasswordCheck, verifyPassword } from '../security/hashing.ts'
import type { ServiceDeps } from './deps.ts'
import { LedgerType, post } from './ledger.ts'
import { accept, refuse, type Outcome } from './outcome.ts'
import { openSession } from './sessions.ts'
import { getSetting, mobileEnabled } from './settings.ts'
import {
  findArea,
  findUserByEmail,
  findUserByLogin,
  insertUser,
  mobileDestination,
  userInfo,
} from './users.ts'
import { consumeCode } from './verification-codes.ts'
import { consumeCaptcha } from './captcha.ts'

/** Failed sign-ins in a row that lock an account, and for how long. */
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_LOCK_MS = 15 * 60 * 1000

async function signedIn(deps: ServiceDeps, userId: number): Promise<LoginResult> {
  const token = await openSession(deps.db, userId, deps.clock())
  const user = await userInfo(deps.db, userId)
  if (!user) throw new Error(`user ${userId} vanished while signing in`)
  return { token, user }
}

export async function login(deps: ServiceDeps, input: LoginRequest): Promise<Outcome<LoginResult>> {
  const { db } = deps
  const now = deps.clock()
  const user = await findUserByLogin(db, {
    type: input.login_type,
    account: input.account,
    areaId: input.area_id,
  })
  if (!user?.passwordHash) {
    await spendPasswordCheck(input.password)
    return refuse('wrong_credentials')
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    return refuse('account_locked', {
      minutes: Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000),
    })
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const [after] = await db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLogins: users.failedLogins })
    if ((after?.failedLogins ?? 0) >= LOGIN_MAX_FAILURES) {
      await db
        .update(users)
        .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) })
        .where(eq(users.id, user.id))
      return refuse('account_locked', { minutes: LOGIN_LOCK_MS / 60_000 })
    }
    return refuse('wrong_credentials')
  }
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id))
  }
  return accept(await signedIn(deps, user.id))
}

/** Registers a real user by e-mail or mobile, checked by a message code or an image captcha. */
export async function register(deps: ServiceDeps, input: RegisterRequest): Promise<Outcome<void>> {
  const { db } = deps
  const now = deps.clock()
  let email: string | null = null
  let mobile: string | null = null
  let areaId: number | null = null
  let destination: string
  if (input.type === 'email') {
    const parsed = emailSchema.safeParse(input.account ?? '')
    if (!parsed.success) return refuse('invalid_input', { field: 'account' })
    if (await findUserByEmail(db, parsed.data)) return refuse('account_exists')
    email = destination = parsed.data
  } else {
    if (!mobileEnabled(await getSetting(db, 'is_show_mobile'))) return refuse('mobile_disabled')
    const parsed = mobileNumber.safeParse(input.mobile ?? input.account ?? '')
    if (!parsed.success) return refuse('invalid_input', { field: 'mobile' })
    const number = parsed.data
    const area = input.area_id === undefined ? undefined : await findArea(db, input.area_id)
    if (!area) return refuse('area_invalid')
    if (await findUserByLogin(db, { type: 'mobile', account: number, areaId: area.id }))
      return refuse('account_exists')
    mobile = number
    areaId = area.id
    destination = mobileDestination(area, number)
  }
  let invitedBy: number | null = null
  if (input.invite_code) {
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, input.invite_code.toUpperCase()))
    if (!inviter) return refuse('invite_invalid')
    invitedBy = inviter.id
  }
  if ((await getSetting(db, 'verify_reg_type')) === '2') {
    if (!input.key || !(await consumeCaptcha(db, input.key, input.sms_code, now)))
      return refuse('captcha_invalid')
  } else {
    const code = await consumeCode(
      db,
      { destination, purpose: CodePurpose.REGISTER, code: input.sms_code },
      now,
    )
    if (!code.ok) return code
  }
  const passwordHash = await hashPassword(input.password)
  try {
    await db.transaction((tx) =>
      insertUser(tx, { email, mobile, areaId, passwordHash, isDemo: false, demoId: null, invitedBy }, now),
    )
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('account_exists')
    throw error
  }
  return accept(undefined)
}

/** Signs in the demo account of a device, creating and funding it on first use. */
export async function demoLogin(deps: ServiceDeps, demoId: string): Promise<LoginResult> {
  const { db } = deps
  const now = deps.clock()
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.demoId, demoId))
  if (existing) return signedIn(deps, existing.id)
  const startingBalance = await getSetting(db, 'demo_starting_balance')
  try {
    const userId = await db.transaction(async (tx) => {
      const user = await insertUser(
        tx,
        {
          email: null,
          mobile: null,
          areaId: null,
          passwordHash: null,
          isDemo: true,
          demoId,
          invitedBy: null,
        },
        now,
      )
      if (Number(startingBalance) > 0) {
        await post(tx, {
          userId: user.id,
          type: LedgerType.DEMO_CREDIT,
          amount: startingBalance,
          ref: 'demo:create',
        })
      }
      return user.id
    })
    return signedIn(deps, userId)
  } catch (error) {
    // Two first requests from one device raced; the other one created the account.
    if (!isUniqueViolation(error)) throw error
    const [winner] = await db.select({ id: users.id }).from(users).where(eq(users.demoId, demoId))
    if (!winner) throw error
    return signedIn(deps, winner.id)
  }
}

/** PostgreSQL's unique_violation, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
