import { and, eq } from 'drizzle-orm'
import {
  CodePurpose,
  DEFAULT_LANGUAGE,
  email as emailSchema,
  type LanguageCode,
  mobileNumber,
  type LoginRequest,
  type LoginResult,
  type RegisterRequest,
  type SecondFactorProof,
  validMobile,
} from '@tp/contracts'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { isUniqueViolation } from '../db/pg-errors.ts'
import { users } from '../db/schema.ts'
import { hashPassword, spendPasswordCheck, verifyPassword } from '../security/hashing.ts'
import type { ServiceDeps } from './deps.ts'
import { accept, refuse, type Outcome, type Refusal } from '../outcome/outcome.ts'
import { openSession } from './sessions.ts'
import { getSetting } from '../settings/settings.ts'
import { mobileSignUpOffered } from './mobile-sign-up.ts'
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
import { factorMethods } from './second-factor/methods.ts'
import { issueTicket, ticketUser, useTicket } from './second-factor/sign-in-tickets.ts'
import { proveThen } from './second-factor/proofs.ts'
import { checkPasskey } from './second-factor/passkeys.ts'
import type { RelyingParty } from './second-factor/relying-party.ts'
import { acceptVersions, versionsCurrent } from '../legal/consents.ts'
import {
  LOGIN_LOCK_MS,
  claimAccountAttempt,
  clearFailures,
  unknownAccountKey,
  waitMinutes,
  type SignInGuard,
} from './sign-in-limits.ts'

export { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from './sign-in-limits.ts'

async function signedIn(deps: ServiceDeps, userId: number, token?: string): Promise<LoginResult> {
  token ??= await openSession(deps.db, userId, deps.clock())
  const user = await userInfo(deps.db, userId)
  if (!user) throw new Error(`user ${userId} vanished while signing in`)
  return { token, user }
}

/**
 * Opens a session only while the account's password is still the one just checked: a sign-in whose
 * (slow) password check raced a reset or a change must not outlive it (issue 22). The account's row
 * is read FOR SHARE, which a password change's UPDATE waits for: either this session is committed
 * first and the change's revocation, a later statement, ends it, or the change is committed first
 * and this read sees the new password. Undefined: the password changed meanwhile.
 */
async function openSessionWithPassword(
  deps: ServiceDeps,
  userId: number,
  passwordHash: string,
): Promise<string | undefined> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('share')
    if (row?.passwordHash !== passwordHash) return undefined
    return openSession(tx, userId, deps.clock())
  })
}

/** A count the shared limits could not take or give back (Redis unreachable): undefined. */
const uncounted = (): undefined => undefined

/** Who is signing in from where; the guard is the address and unknown-name half of the limits. */
export interface SignInContext {
  address: string
  guard: SignInGuard
}

/**
 * Signs in with a password. Every attempt first takes a slot on its address and on its account
 * (counted before the password is hashed, so concurrent guesses cannot overrun the limits); past the
 * limits a slot needs a solved image captcha, else the caller waits. An account name without an
 * account is counted and hashed exactly like a real one, so that no answer tells the two apart.
 */
export async function login(
  deps: ServiceDeps,
  input: LoginRequest,
  context: SignInContext,
): Promise<Outcome<LoginResult>> {
  const { db } = deps
  const now = deps.clock()
  const solved = await solvedCaptcha(deps, input, now)
  if (!solved.ok) return solved
  const { guard, address } = context
  // Limits that cannot be counted (Redis unreachable) let no password be tried.
  const addressSlot = await guard.addresses.claim(address, now, solved.value).catch(uncounted)
  if (!addressSlot) return refuse('server_error')
  if (!addressSlot.ok) return refuse('captcha_required', { minutes: waitMinutes(addressSlot.waitMs) })

  const user = await findUserByLogin(db, {
    type: input.login_type,
    account: input.account,
    areaId: input.area_id,
  })
  const passwordHash = user?.passwordHash
  const unknownKey = unknownAccountKey(input.login_type, input.account, input.area_id)
  const accountSlot =
    user && passwordHash
      ? await claimAccountAttempt(db, user, now, solved.value)
      : await guard.unknownAccounts.claim(unknownKey, now, solved.value).catch(uncounted)
  if (!accountSlot) return refuse('server_error')
  if (!accountSlot.ok) {
    await guard.addresses.release(address).catch(uncounted) // no password was tried: not a failure of this address
    return refuse('captcha_required', { minutes: waitMinutes(accountSlot.waitMs) })
  }

  if (!user || !passwordHash) {
    await spendPasswordCheck(input.password)
  } else if (await verifyPassword(passwordHash, input.password)) {
    await guard.addresses.release(address).catch(uncounted)
    await clearFailures(db, user.id)
    // Said only after the right password: a guess learns nothing about the account.
    if (user.disabledAt) return refuse('account_disabled')
    // A second factor (decision 047): the password earns only a ticket for the second step.
    const methods = await factorMethods(db, user.id)
    if (methods.length > 0) {
      const ticket = await issueTicket(db, { id: user.id, passwordHash }, address, now)
      const url = `${deps.publicUrl ?? ''}/login`
      return refuse('second_factor_required', { url }, { ticket, methods: methods.join(',') })
    }
    const token = await openSessionWithPassword(deps, user.id, passwordHash)
    if (token === undefined) return refuse('wrong_credentials')
    return accept(await signedIn(deps, user.id, token))
  }
  // The failure that makes the account or address hot says so at once, so the captcha shows now.
  const hot = (accountSlot.hot || addressSlot.hot) && !solved.value
  return hot
    ? refuse('captcha_required', { minutes: waitMinutes(LOGIN_LOCK_MS) })
    : refuse('wrong_credentials')
}

/**
 * Checks the captcha a sign-in carries, if any: one try per captcha, whatever the answer. A solved
 * captcha lets one attempt past a hot account or address; a wrong one tries no password.
 */
async function solvedCaptcha(deps: ServiceDeps, input: LoginRequest, now: Date): Promise<Outcome<boolean>> {
  if (input.captcha_id === undefined && input.captcha_code === undefined) return accept(false)
  const right =
    input.captcha_id !== undefined &&
    input.captcha_code !== undefined &&
    (await consumeCaptcha(deps.db, input.captcha_id, input.captcha_code, now))
  return right ? accept(true) : refuse('captcha_invalid')
}

/** Registers a real user by e-mail or mobile, checked by a message code or an image captcha. */
class RegistrationRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason)
  }
}

/** Where a registration comes from: the page's language, and the address its consents are recorded with. */
export interface RegisterContext {
  language: LanguageCode
  address: string
}

export async function register(
  deps: ServiceDeps,
  input: RegisterRequest,
  context: RegisterContext = { language: DEFAULT_LANGUAGE, address: '' },
): Promise<Outcome<void>> {
  const { db } = deps
  const { language } = context
  const now = deps.clock()
  // The legal documents the form showed must still be the current ones (decision 045).
  const versions = input.legal_versions ?? []
  const current = await versionsCurrent(db, versions, language)
  if (!current.ok) return current
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
    if (!(await mobileSignUpOffered(deps))) return refuse('mobile_disabled')
    const parsed = mobileNumber.safeParse(input.mobile ?? input.account ?? '')
    if (!parsed.success) return refuse('invalid_input', { field: 'mobile' })
    const number = parsed.data
    const area = input.area_id === undefined ? undefined : await findArea(db, input.area_id)
    if (!area) return refuse('area_invalid')
    if (!validMobile(number, area.code)) return refuse('mobile_invalid')
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
      .where(and(eq(users.inviteCode, input.invite_code.toUpperCase()), eq(users.isDemo, false)))
    // A demo account may not invite (docs/product.md "Roles"): its code invites nobody.
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
    await db.transaction(async (tx) => {
      const user = await insertUser(
        tx,
        { email, mobile, areaId, passwordHash, isDemo: false, demoId: null, invitedBy, language },
        now,
      )
      // The account and its consents together: a user never exists with half of them recorded.
      const accepted = await acceptVersions(
        tx,
        versions,
        { userId: user.id, address: context.address, via: 'register', now },
        language,
      )
      if (!accepted.ok) throw new RegistrationRefused(accepted)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('account_exists')
    // A version published between the check and the transaction: nothing was created.
    if (error instanceof RegistrationRefused) return error.refusal
    throw error
  }
  return accept(undefined)
}

/** Signs in the demo account of a device, creating and funding it on first use. */
export async function demoLogin(
  deps: ServiceDeps & {
    /** Opens and funds the account (users/demo-accounts.ts, beside the desk: decision 049). */
    openDemoAccount: (demoId: string) => Promise<Outcome<number>>
  },
  demoId: string,
): Promise<Outcome<LoginResult>> {
  const { db } = deps
  const [existing] = await db
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.demoId, demoId))
  // A demo account staff disabled stays out, as a real one does.
  if (existing?.disabledAt) return refuse('account_disabled')
  if (existing) return accept(await signedIn(deps, existing.id))
  const created = await deps.openDemoAccount(demoId)
  if (created.ok) return accept(await signedIn(deps, created.value))
  if (created.reason !== 'account_exists') return created
  // Two first requests from one device raced; the other one created the account.
  const [winner] = await db.select({ id: users.id }).from(users).where(eq(users.demoId, demoId))
  if (!winner) throw new Error(`demo account ${demoId} exists and cannot be found`)
  return accept(await signedIn(deps, winner.id))
}

/**
 * The second step of a sign-in (decision 047): the ticket the right password earned and one proof
 * (a code of the authenticator, a recovery code, or a passkey). The proof is spent and the ticket
 * used up in the transaction that opens the session.
 */
export async function loginSecondStep(
  deps: ServiceDeps,
  input: { ticket: string } & SecondFactorProof,
  rp: RelyingParty | undefined,
): Promise<Outcome<LoginResult>> {
  const now = deps.clock()
  const userId = await ticketUser(deps.db, input.ticket, now)
  if (userId === undefined) return refuse('sign_in_again')
  const opened = await proveThen(deps.db, userId, input, { rp, purpose: 'sign_in', now }, async (tx) => {
    await useTicket(tx, input.ticket, userId, now)
    return openSession(tx, userId, now)
  })
  return opened.ok ? accept(await signedIn(deps, userId, opened.value)) : opened
}

/**
 * Signs in with a passkey alone: it is something the client has, unlocked by something they know
 * or are (the device asks for its PIN, fingerprint or face), so it stands for both factors.
 */
export async function loginWithPasskey(
  deps: ServiceDeps,
  assertion: AuthenticationResponseJSON,
  rp: RelyingParty | undefined,
): Promise<Outcome<LoginResult>> {
  if (!rp) return refuse('passkey_invalid')
  const now = deps.clock()
  const checked = await checkPasskey(deps.db, assertion, rp, 'sign_in', null, now)
  if (!checked.ok) return checked
  const { userId } = checked.value
  const token = await deps.db.transaction(async (tx) => {
    if (!(await checked.value.spend(tx))) return undefined
    const [user] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('share')
    if (!user || user.disabledAt) return null
    return openSession(tx, userId, now)
  })
  if (token === null) return refuse('account_disabled')
  if (token === undefined) return refuse('passkey_invalid')
  return accept(await signedIn(deps, userId, token))
}
