import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server'
import { MAX_PASSKEYS } from '@tp/contracts'
import type { DbOrTx } from '../../db/client.ts'
import { userPasskeys, webauthnChallenges } from '../../db/schema.ts'
import { isUniqueViolation } from '../../db/pg-errors.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import type { RelyingParty } from './relying-party.ts'

/** A challenge is good for this long, and once. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000
export type ChallengePurpose = 'register' | 'sign_in' | 'step_up'

const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))
const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

async function keepChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
) {
  // Old challenges go as new ones come: the table holds a few minutes' worth.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now))
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  })
}

/** The challenge the browser signed, as its client data names it; undefined if unreadable. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown
    const challenge = (data as { challenge?: unknown }).challenge
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined
  } catch {
    return undefined
  }
}

/**
 * Uses up the challenge a response signed: only one of this purpose, for this user (null: none),
 * still live and never used. A conditional update: of two requests with one challenge, one wins.
 */
async function spendChallenge(
  db: DbOrTx,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<string | undefined> {
  const challenge = signedChallenge(clientDataJSON)
  if (!challenge) return undefined
  const spent = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id })
  return spent.length > 0 ? challenge : undefined
}

async function passkeysOf(db: DbOrTx, userId: number) {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId))
}

const transportsOf = (text: string) => (text ? text.split(',') : undefined)

/** What the browser needs to make a passkey for a signed-in client (one it has not already). */
export async function passkeyRegistrationOptions(
  db: DbOrTx,
  user: { id: number; uid: string; label: string },
  rp: RelyingParty,
  now: Date,
): Promise<Outcome<PublicKeyCredentialCreationOptionsJSON>> {
  const existing = await passkeysOf(db, user.id)
  if (existing.length >= MAX_PASSKEYS) return refuse('passkey_limit', { max: MAX_PASSKEYS })
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.label,
    userID: new TextEncoder().encode(user.uid),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: transportsOf(key.transports),
    })),
    // A passkey signs in alone, so it must be found without a name and ask for the device's PIN or face.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await keepChallenge(db, options.challenge, 'register', user.id, now)
  return accept(options)
}

/** A passkey the browser made, checked against the challenge it answered (spent, whatever follows). */
export type NewPasskey = WebAuthnCredential

/**
 * Checks the passkey the browser made: its challenge (a `register` one of this user) is used up
 * first, in its own statement, so that it is gone even if keeping the passkey is refused later.
 */
export async function checkNewPasskey(
  db: DbOrTx,
  userId: number,
  passkey: RegistrationResponseJSON,
  rp: RelyingParty,
  now: Date,
): Promise<Outcome<NewPasskey>> {
  const challenge = await spendChallenge(db, passkey.response.clientDataJSON, 'register', userId, now)
  if (!challenge) return refuse('passkey_invalid')
  const checked = await verifyRegistrationResponse({
    response: passkey,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined)
  return checked?.verified ? accept(checked.registrationInfo.credential) : refuse('passkey_invalid')
}

/** Keeps a checked passkey by its name (in the caller's transaction), within the count allowed. */
export async function keepPasskey(
  db: DbOrTx,
  userId: number,
  name: string,
  credential: NewPasskey,
  now: Date,
): Promise<Outcome<{ id: number }>> {
  const [held] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId))
  if ((held?.n ?? 0) >= MAX_PASSKEYS) return refuse('passkey_limit', { max: MAX_PASSKEYS })
  try {
    const [row] = await db
      .insert(userPasskeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: toBase64url(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name,
        createdAt: now,
      })
      .returning({ id: userPasskeys.id })
    if (!row) throw new Error('passkey insert returned nothing')
    return accept({ id: row.id })
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('passkey_invalid')
    throw error
  }
}

/**
 * A challenge for a passkey: to sign in with any passkey (`userId` null: the browser offers the ones
 * it holds for this site), or to prove a known client (their passkeys are named to the browser).
 */
export async function passkeyAuthenticationOptions(
  db: DbOrTx,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  now: Date,
): Promise<Outcome<PublicKeyCredentialRequestOptionsJSON>> {
  const keys = userId === null ? [] : await passkeysOf(db, userId)
  if (userId !== null && keys.length === 0) return refuse('passkey_invalid')
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: transportsOf(key.transports) })),
  })
  await keepChallenge(db, options.challenge, purpose, userId, now)
  return accept(options)
}

/** A passkey's signature checked; `spend` keeps its new counter in the caller's transaction. */
export interface CheckedPasskey {
  userId: number
  spend(db: DbOrTx): Promise<boolean>
}

/**
 * Checks a passkey's answer to a challenge of `purpose` (for `userId`, or for whoever's passkey it is
 * when null): the challenge is used up, the passkey must be the user's, the signature right, the
 * device's PIN or face asked, and the signature counter (where the device keeps one) moved forward.
 */
export async function checkPasskey(
  db: DbOrTx,
  assertion: AuthenticationResponseJSON,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  now: Date,
): Promise<Outcome<CheckedPasskey>> {
  const challenge = await spendChallenge(db, assertion.response.clientDataJSON, purpose, userId, now)
  if (!challenge) return refuse('passkey_invalid')
  const [key] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, assertion.id))
  if (!key || (userId !== null && key.userId !== userId)) return refuse('passkey_invalid')
  const checked = await verifyAuthenticationResponse({
    response: assertion,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: fromBase64url(key.publicKey),
      counter: key.counter,
      transports: transportsOf(key.transports),
    },
    requireUserVerification: true,
  }).catch(() => undefined)
  if (!checked?.verified) return refuse('passkey_invalid')
  const newCounter = checked.authenticationInfo.newCounter
  return accept({
    userId: key.userId,
    async spend(tx) {
      // Counted devices move strictly forward (a copied key would repeat a count); others stay 0.
      const moved = await tx
        .update(userPasskeys)
        .set({ counter: newCounter, lastUsedAt: now })
        .where(
          and(
            eq(userPasskeys.id, key.id),
            or(
              lt(userPasskeys.counter, newCounter),
              and(eq(userPasskeys.counter, 0), eq(userPasskeys.counter, newCounter)),
            ),
          ),
        )
        .returning({ id: userPasskeys.id })
      return moved.length > 0
    },
  })
}

export async function deletePasskey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id })
  return gone.length > 0
}

export async function passkeyViews(db: DbOrTx, userId: number) {
  const keys = await passkeysOf(db, userId)
  return keys
    .sort((a, b) => a.id - b.id)
    .map((key) => ({
      id: key.id,
      name: key.name,
      created_at: key.createdAt.getTime(),
      last_used_at: key.lastUsedAt?.getTime() ?? null,
    }))
}
