import { and, desc, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import {
  MAX_PAYOUT_METHODS,
  PayoutType,
  type PayoutTypeValue,
  type SavedPayoutMethod,
  type bindBankMethodRequest,
  type bindCoinMethodRequest,
} from '@tp/contracts'
import type { Db, DbOrTx } from '../db/client.ts'
import { payoutMethods, users, withdrawCurrencies, withdrawals } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { isValidAddress } from './address-check.ts'
import { normalizedBic, normalizedIban } from './bank-account-check.ts'
import { withdrawCurrency, type WithdrawCurrency } from './withdraw-currencies.ts'

export type PayoutMethod = typeof payoutMethods.$inferSelect
export type BindCoinMethod = z.output<typeof bindCoinMethodRequest>
export type BindBankMethod = z.output<typeof bindBankMethodRequest>

/** `withdrawals.status` 0: waiting for staff, its amount frozen and its method still needed. */
const WITHDRAWAL_WAITING = 0

/** Where the money goes, as stored: the address of a coin method, the account fields of a bank one. */
type Destination = Pick<
  typeof payoutMethods.$inferInsert,
  | 'address'
  | 'bankName'
  | 'bankAddress'
  | 'bankSwift'
  | 'payeeName'
  | 'payeeAccount'
  | 'iban'
  | 'currency'
  | 'remark'
>

function coinDestination(currency: WithdrawCurrency, input: BindCoinMethod): Outcome<Destination> {
  if (!isValidAddress(currency, input.dc_address)) return refuse('address_invalid')
  return accept({ address: input.dc_address, remark: input.remark })
}

function bankDestination(currency: WithdrawCurrency, input: BindBankMethod): Outcome<Destination> {
  const bic = normalizedBic(input.bank_swift)
  if (!bic) return refuse('swift_invalid')
  const iban = input.iban ? normalizedIban(input.iban) : ''
  if (iban === undefined) return refuse('iban_invalid')
  return accept({
    bankName: input.bank_name,
    bankAddress: input.bank_address,
    bankSwift: bic,
    payeeName: input.payee_name,
    payeeAccount: input.payee_account,
    iban,
    currency: input.currency.toUpperCase() || currency.code,
    remark: input.remark,
  })
}

/**
 * What makes two methods of one currency the same destination: the address (any case: hex and
 * bech32 ignore it, and two base58check texts differing only in case cannot both pass their
 * checksum), or the account number without spaces and dashes.
 */
const destinationKey = (method: { address?: string; payeeAccount?: string }) =>
  (method.address || method.payeeAccount || '').replace(/[\s-]/g, '').toUpperCase()

/**
 * Saves a payout method for `userId`: the currency must be enabled and of the method's type, the
 * address or bank details must pass their checks, and the user may hold at most MAX_PAYOUT_METHODS
 * live ones, none twice. The user's row is locked meanwhile (no key update: inserts elsewhere that
 * refer to the user are not held up), so concurrent binds cannot pass the cap or the duplicate check.
 */
export async function bindPayoutMethod(
  db: Db,
  userId: number,
  input: BindCoinMethod | BindBankMethod,
): Promise<Outcome<{ id: number }>> {
  const currency = await withdrawCurrency(db, input.draw_id)
  if (!currency || !currency.enabled || currency.type !== input.type) return refuse('currency_invalid')
  const destination =
    input.type === PayoutType.Coin
      ? coinDestination(currency, input as BindCoinMethod)
      : bankDestination(currency, input as BindBankMethod)
  if (!destination.ok) return destination
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    const live = await tx
      .select({
        withdrawCurrencyId: payoutMethods.withdrawCurrencyId,
        address: payoutMethods.address,
        payeeAccount: payoutMethods.payeeAccount,
      })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, userId), isNull(payoutMethods.deletedAt)))
    if (live.length >= MAX_PAYOUT_METHODS) return refuse('method_limit', { max: MAX_PAYOUT_METHODS })
    const key = destinationKey(destination.value)
    if (live.some((m) => m.withdrawCurrencyId === currency.id && destinationKey(m) === key)) {
      return refuse('method_duplicate')
    }
    const [row] = await tx
      .insert(payoutMethods)
      .values({ userId, type: input.type, withdrawCurrencyId: currency.id, ...destination.value })
      .returning({ id: payoutMethods.id })
    if (!row) throw new Error('insert returned no payout method')
    return accept({ id: row.id })
  })
}

/**
 * Removes one of the caller's methods (kept, marked deleted: past withdrawals still name it). Another
 * user's id answers as an unknown one. A method with a withdrawal waiting for staff stays: the row is
 * locked first, and `payoutMethodFor` locks it too, so a withdrawal being placed and a delete take turns.
 */
export async function deletePayoutMethod(
  db: Db,
  userId: number,
  methodId: number,
  now: Date,
): Promise<Outcome<null>> {
  return db.transaction(async (tx) => {
    const [method] = await tx
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.id, methodId),
          eq(payoutMethods.userId, userId),
          isNull(payoutMethods.deletedAt),
        ),
      )
      .for('update')
    if (!method) return refuse('method_not_found')
    const [inFlight] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          eq(withdrawals.payoutMethodId, methodId),
          eq(withdrawals.status, WITHDRAWAL_WAITING),
        ),
      )
      .limit(1)
    if (inFlight) return refuse('method_in_use')
    await tx.update(payoutMethods).set({ deletedAt: now }).where(eq(payoutMethods.id, methodId))
    return accept(null)
  })
}

export function savedMethodView(method: PayoutMethod, currency: WithdrawCurrency): SavedPayoutMethod {
  return {
    id: method.id,
    type: method.type as PayoutTypeValue,
    draw_id: method.withdrawCurrencyId,
    dc_address: method.address,
    draw_currency: { code: currency.code, protocol: currency.protocol },
    bank_name: method.bankName,
    bank_address: method.bankAddress,
    bank_swift: method.bankSwift,
    payee_name: method.payeeName,
    payee_account: method.payeeAccount,
    iban: method.iban,
    currency: method.currency,
    remark: method.remark,
    created_at: method.createdAt.toISOString(),
  }
}

/** The caller's live methods of one type (of one currency when given), newest first; at most the cap. */
export async function savedPayoutMethods(
  db: DbOrTx,
  userId: number,
  type: PayoutTypeValue,
  currencyId?: number,
): Promise<SavedPayoutMethod[]> {
  const rows = await db
    .select({ method: payoutMethods, currency: withdrawCurrencies })
    .from(payoutMethods)
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, payoutMethods.withdrawCurrencyId))
    .where(
      and(
        eq(payoutMethods.userId, userId),
        eq(payoutMethods.type, type),
        isNull(payoutMethods.deletedAt),
        currencyId === undefined ? undefined : eq(payoutMethods.withdrawCurrencyId, currencyId),
      ),
    )
    .orderBy(desc(payoutMethods.id))
  return rows.map((row) => savedMethodView(row.method, row.currency))
}

/**
 * For the withdrawal service: the caller's live method `methodId` of `type`, with its currency (which
 * may since have been disabled: check `currency.enabled`), or undefined for another user's, a
 * deleted or an unknown one. Call it inside the transaction that inserts the withdrawal: the method
 * row is locked (for share) until then, so a concurrent delete waits and then sees the withdrawal.
 */
export async function payoutMethodFor(
  db: DbOrTx,
  userId: number,
  methodId: number,
  type: PayoutTypeValue,
): Promise<{ method: PayoutMethod; currency: WithdrawCurrency } | undefined> {
  const [row] = await db
    .select({ method: payoutMethods, currency: withdrawCurrencies })
    .from(payoutMethods)
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, payoutMethods.withdrawCurrencyId))
    .where(
      and(
        eq(payoutMethods.id, methodId),
        eq(payoutMethods.userId, userId),
        eq(payoutMethods.type, type),
        isNull(payoutMethods.deletedAt),
      ),
    )
    .for('share', { of: payoutMethods })
  return row
}
