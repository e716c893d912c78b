import { eq } from 'drizzle-orm'
import type { PasskeyView, RecoveryCodes, SecurityStatus, TotpSetup } from '@tp/contracts'
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Db, Tx } from '../../db/client.ts'
import { userSecondFactors } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { notify } from '../../notices/notices.ts'
import type { SessionRef } from '../sessions.ts'
import { ensureFactorRow } from './factor-tries.ts'
import { factorMethods } from './methods.ts'
import {
  checkNewPasskey,
  deletePasskey,
  keepPasskey,
  passkeyRegistrationOptions,
  passkeyViews,
} from './passkeys.ts'
import { ProofRefused } from './proofs.ts'
import { dropRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft } from './recovery.ts'
import type { RelyingParty } from './relying-party.ts'
import { requireStepUp, stampStepUp, stepUpUntil } from './step-up.ts'
import { confirmTotp, removeTotp, startTotpSetup } from './totp-factor.ts'

/*
 * The client's own settings of their second factor (`/api/security/*`). Every change asks a recent
 * proof first (`requireStepUp(…, 'settings')`): the password before the first factor, the factor after.
 */

export async function securityStatus(db: Db, session: SessionRef, now: Date): Promise<SecurityStatus> {
  const { userId } = session
  const [methods, passkeys, left] = await Promise.all([
    factorMethods(db, userId),
    passkeyViews(db, userId),
    recoveryCodesLeft(db, userId),
  ])
  const until = await stepUpUntil(db, session, methods, now)
  return {
    totp: methods.includes('totp'),
    passkeys: passkeys satisfies PasskeyView[],
    recovery_codes_left: methods.length > 0 ? left : 0,
    step_up_until: until,
  }
}

/** Holds the client's factors still until the transaction ends: changes of them go one at a time. */
async function lockFactors(tx: Tx, userId: number): Promise<void> {
  await ensureFactorRow(tx, userId)
  await tx.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId)).for('update')
}

/** What a change did, for the notice its owner gets; `ref` tells one change from another. */
interface FactorChange {
  added: boolean
  method: 'totp' | 'passkey'
  ref: string
}

/**
 * Runs a change of the client's factors with their row locked (two first factors added at once
 * issue one set of codes), and answers fresh recovery codes when it set the first factor, none when
 * the client had one already; a change that removed the last one drops the codes.
 */
async function changeFactors(
  db: Db,
  session: SessionRef,
  now: Date,
  change: (tx: Tx) => Promise<Outcome<FactorChange>>,
): Promise<Outcome<RecoveryCodes>> {
  const { userId } = session
  try {
    return await db.transaction(async (tx) => {
      await lockFactors(tx, userId)
      const before = await factorMethods(tx, userId)
      const changed = await change(tx)
      if (!changed.ok) throw new ProofRefused(changed)
      // Told by e-mail and push too: a factor the owner did not add is how a taken account shows.
      const { added, method, ref } = changed.value
      await notify(tx, {
        userId,
        kind: added ? 'second_factor_added' : 'second_factor_removed',
        ref: `${method}:${ref}`,
        params: { method },
      })
      const after = await factorMethods(tx, userId)
      if (after.length === 0) {
        await dropRecoveryCodes(tx, userId)
        return accept({ recovery_codes: [] })
      }
      // Adding a factor is itself a proof of it: what asks for one next is not asked again at once.
      if (after.length > before.length) await stampStepUp(tx, session.sessionId, 'factor', now)
      return accept({ recovery_codes: before.length === 0 ? await issueRecoveryCodes(tx, userId) : [] })
    })
  } catch (error) {
    if (error instanceof ProofRefused) return error.refusal
    throw error
  }
}

export async function beginTotp(
  db: Db,
  session: SessionRef,
  labels: { account: string; issuer: string },
  now: Date,
): Promise<Outcome<TotpSetup>> {
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  return startTotpSetup(db, session.userId, labels.account, labels.issuer)
}

export async function enableTotp(
  db: Db,
  session: SessionRef,
  code: string,
  now: Date,
): Promise<Outcome<RecoveryCodes>> {
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  return changeFactors(db, session, now, async (tx) =>
    (await confirmTotp(tx, session.userId, code, now))
      ? accept({ added: true, method: 'totp' as const, ref: `on:${now.getTime()}` })
      : refuse('totp_invalid'),
  )
}

export async function disableTotp(db: Db, session: SessionRef, now: Date): Promise<Outcome<RecoveryCodes>> {
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  return changeFactors(db, session, now, async (tx) =>
    (await removeTotp(tx, session.userId, now))
      ? accept({ added: false, method: 'totp' as const, ref: `off:${now.getTime()}` })
      : refuse('already_processed'),
  )
}

export async function newPasskeyOptions(
  db: Db,
  session: SessionRef,
  user: { uid: string; label: string },
  rp: RelyingParty | undefined,
  now: Date,
): Promise<Outcome<PublicKeyCredentialCreationOptionsJSON>> {
  if (!rp) return refuse('passkey_invalid')
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  return passkeyRegistrationOptions(db, { id: session.userId, ...user }, rp, now)
}

export async function addOwnPasskey(
  db: Db,
  session: SessionRef,
  input: { name: string; passkey: RegistrationResponseJSON },
  rp: RelyingParty | undefined,
  now: Date,
): Promise<Outcome<RecoveryCodes>> {
  if (!rp) return refuse('passkey_invalid')
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  const checked = await checkNewPasskey(db, session.userId, input.passkey, rp, now)
  if (!checked.ok) return checked
  return changeFactors(db, session, now, async (tx) => {
    const kept = await keepPasskey(tx, session.userId, input.name, checked.value, now)
    return kept.ok ? accept({ added: true, method: 'passkey' as const, ref: `${kept.value.id}:on` }) : kept
  })
}

export async function removeOwnPasskey(
  db: Db,
  session: SessionRef,
  id: number,
  now: Date,
): Promise<Outcome<RecoveryCodes>> {
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  return changeFactors(db, session, now, async (tx) =>
    (await deletePasskey(tx, session.userId, id))
      ? accept({ added: false, method: 'passkey' as const, ref: `${id}:off` })
      : refuse('not_found'),
  )
}

/** New recovery codes (the old ones stop working), for a client with a second factor. */
export async function renewRecoveryCodes(
  db: Db,
  session: SessionRef,
  now: Date,
): Promise<Outcome<RecoveryCodes>> {
  const proved = await requireStepUp(db, session, 'settings', now)
  if (!proved.ok) return proved
  // With the factors held: two renewals at once leave one set, the one the second answer shows.
  return db.transaction(async (tx) => {
    await lockFactors(tx, session.userId)
    if ((await factorMethods(tx, session.userId)).length === 0) return refuse('not_found')
    return accept({ recovery_codes: await issueRecoveryCodes(tx, session.userId) })
  })
}
