import type { SecondFactorProof } from '@tp/contracts'
import type { Db, Tx } from '../../db/client.ts'
import { accept, refuse, type Outcome, type Refusal } from '../../outcome/outcome.ts'
import { claimFactorTry, clearTries, giveBackTry } from './factor-tries.ts'
import { checkPasskey } from './passkeys.ts'
import { spendRecoveryCode } from './recovery.ts'
import type { RelyingParty } from './relying-party.ts'
import { spendTotpCode } from './totp-factor.ts'

/** Rolls a proof's transaction back (its code unspent) with this answer. */
export class ProofRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`second factor refused: ${refusal.reason}`)
  }
}

export interface ProofContext {
  /** Where passkeys live; undefined: none can be checked (no public address nor Origin). */
  rp: RelyingParty | undefined
  /** What the passkey's challenge was asked for. */
  purpose: 'sign_in' | 'step_up'
  now: Date
}

/**
 * Proves it is the client by one second factor, then runs `then` in the transaction that spends it:
 * a code is used up only if what it was given for is done, and a refusal of `then` (ProofRefused)
 * leaves the code unspent. Every try takes a slot first (five wrong ones rest the factor for 15
 * minutes); a right one starts the count over. The one home of "check a second factor".
 */
export async function proveThen<T>(
  db: Db,
  userId: number,
  proof: SecondFactorProof,
  context: ProofContext,
  then: (tx: Tx) => Promise<T>,
): Promise<Outcome<T>> {
  const { now } = context
  const row = await claimFactorTry(db, userId, now)
  if ('ok' in row) return row
  let spend: (tx: Tx) => Promise<boolean>
  let wrong: Refusal
  if (proof.totp_code !== undefined) {
    const code = proof.totp_code
    wrong = refuse('totp_invalid')
    spend = (tx) => spendTotpCode(tx, row, code, now)
  } else if (proof.recovery_code !== undefined) {
    const code = proof.recovery_code
    wrong = refuse('code_invalid')
    spend = (tx) => spendRecoveryCode(tx, userId, code, now)
  } else if (proof.passkey !== undefined && context.rp) {
    const checked = await checkPasskey(db, proof.passkey, context.rp, context.purpose, userId, now)
    if (!checked.ok) return checked
    wrong = refuse('passkey_invalid')
    spend = (tx) => checked.value.spend(tx)
  } else {
    return refuse('passkey_invalid')
  }
  try {
    const value = await db.transaction(async (tx) => {
      if (!(await spend(tx))) throw new ProofRefused(wrong)
      await clearTries(tx, userId)
      return then(tx)
    })
    return accept(value)
  } catch (error) {
    if (!(error instanceof ProofRefused)) throw error
    // A right proof whose errand was refused (a ticket used meanwhile) is not a wrong guess.
    if (error.refusal !== wrong) await giveBackTry(db, userId)
    return error.refusal
  }
}
