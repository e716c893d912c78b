import { Decimal } from 'decimal.js'
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { WithdrawalStatus, type RecordPage, type WithdrawRecord } from '@tp/contracts'
import { payoutText, withdrawalQuote } from '@tp/engine'
import type { DbOrTx, Tx } from '../db/client.ts'
import { payoutMethods, withdrawCurrencies, withdrawals } from '../db/schema.ts'
import type { LanguageCode } from '@tp/contracts'
import { translate } from '../i18n/translate.ts'
import { refuse } from '../outcome/outcome.ts'
import { getSettings } from '../settings/settings.ts'
import type { MoneyResult, DeskPort } from '../trading/desk.ts'
import { wireTime } from '../trading/order-view.ts'
import { announced } from '../events/staff-events.ts'
import { payoutMethodFor } from './payout-methods.ts'
import {
  fourEyesThreshold,
  needsSecondApproval,
  approvedAloneToday,
  type ApprovalResult,
} from './four-eyes.ts'
import { currentPayoutRate, payoutRateTerms, type PayoutRates } from './payout-rate.ts'

export interface WithdrawalInput {
  currencyId: number
  /** USD, at most 2 decimals (checked by the request schema). */
  amount: string
  memo: string
  methodId: number
}

/**
 * A withdrawal request. In one transaction, run by the desk between batches: the payout method must
 * be the user's own and live, of the chosen currency; the amount within the settings and the day's
 * limit; the row is inserted and the amount frozen at once (only free margin can be frozen: money
 * holding positions cannot leave). Any refusal rolls back everything.
 */
export function requestWithdrawal(
  desk: DeskPort,
  rates: PayoutRates,
  userId: number,
  input: WithdrawalInput,
  idempotencyKey?: string,
): Promise<MoneyResult> {
  const asked = desk.runMoney(
    userId,
    {
      async prepare(tx) {
        const found = await methodOfCurrency(tx, userId, input)
        if (!found) return { ok: false, reason: 'method_not_found' }
        const { method, currency } = found
        if (!currency.enabled) return { ok: false, reason: 'currency_invalid' }
        const limits = await getSettings(tx, [
          'withdraw_min_usd',
          'withdraw_max_usd',
          'withdraw_daily_max_usd',
        ])
        const amount = new Decimal(input.amount)
        const range = refuse('amount_out_of_range', {
          min: limits.withdraw_min_usd,
          max: limits.withdraw_max_usd,
        })
        if (amount.lessThan(limits.withdraw_min_usd) || amount.greaterThan(limits.withdraw_max_usd))
          return range
        // Priced now (a live quote with the margin, or the staff-set rate) and frozen on the row.
        const rate = currentPayoutRate(currency, await payoutRateTerms(tx, rates))
        if (!rate.ok) return rate
        const quote = withdrawalQuote(input.amount, { ...currency, usdPrice: rate.value.usdPrice.toFixed() })
        // Nothing would arrive once the fee is taken.
        if (!quote.received.greaterThan(0)) return range
        if (amount.plus(await withdrawnToday(tx, userId)).greaterThan(limits.withdraw_daily_max_usd))
          return refuse('daily_limit', { max: limits.withdraw_daily_max_usd })
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId,
            type: method.type,
            withdrawCurrencyId: currency.id,
            payoutMethodId: method.id,
            amount: amount.toFixed(2),
            fee: quote.fee.toFixed(2),
            received: quote.received.toFixed(),
            usdPrice: rate.value.usdPrice.toFixed(),
            rateSource: rate.value.source,
            rateQuotedAt: rate.value.quotedAtMs === null ? null : new Date(rate.value.quotedAtMs),
            rateMarginPct: rate.value.marginPct,
            memo: input.memo,
          })
          .returning({ id: withdrawals.id })
        return { ok: true, value: { id: (row as { id: number }).id, amount: amount.toFixed(2) } }
      },
      command: (engine, row) => engine.freeze(userId, row.amount, `withdrawal:${row.id}`),
    },
    idempotencyKey,
  )
  return asked.then(withDetailAsParams).then(announced('withdrawals'))
}

/**
 * The engine's refusal with what it added as the message's parameters: 'withdraw_above_available'
 * says how much can be withdrawn now (`{amount}`).
 */
function withDetailAsParams(result: MoneyResult): MoneyResult {
  if (result.ok || !('detail' in result) || !result.detail) return result
  return refuse(result.reason, result.detail, result.detail)
}

/** The method `input.methodId` of the user, if it is live and pays out in `input.currencyId`. */
async function methodOfCurrency(tx: DbOrTx, userId: number, input: WithdrawalInput) {
  for (const type of [1, 2] as const) {
    const found = await payoutMethodFor(tx, userId, input.methodId, type)
    if (found) return found.currency.id === input.currencyId ? found : undefined
  }
  return undefined
}

/** USD asked for today (UTC) in withdrawals that are waiting or paid. */
async function withdrawnToday(tx: DbOrTx, userId: number): Promise<Decimal> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, [WithdrawalStatus.Waiting, WithdrawalStatus.Paid]),
        gte(withdrawals.createdAt, sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`),
      ),
    )
  return new Decimal(row?.total ?? 0)
}

/** A withdrawal as a decision left it; called in the decision's transaction (the back office audits there). */
export type WithdrawalDecided = (tx: Tx, decided: typeof withdrawals.$inferSelect) => Promise<void>

/**
 * Staff member `staffId` decides a waiting withdrawal: paid (its frozen amount is booked out) or
 * rejected (released to the balance). The row is locked and must still be waiting: one decision
 * only, however many race. Paying above the four-eyes threshold (with what the user had paid by one
 * person today, decision 025) takes two different staff members: the first approval is recorded with
 * its note (`waiting`), the second pays with its reference. A rejection, by anyone, ends it at once.
 */
export async function decideWithdrawal(
  db: DbOrTx,
  desk: DeskPort,
  withdrawalId: number,
  decision: 'pay' | 'reject',
  staffId: number,
  notes = '',
  onDecided?: WithdrawalDecided,
): Promise<ApprovalResult> {
  const [owner] = await db
    .select({ userId: withdrawals.userId })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId))
  if (!owner) return { ok: false, reason: 'not_found' }
  const { userId } = owner
  const step: { approval: 'alone' | 'first' | 'second' } = { approval: 'alone' }
  const result = await desk.runMoney(userId, {
    async prepare(tx) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update')
      if (!row || row.userId !== userId) return { ok: false, reason: 'not_found' }
      if (row.status !== WithdrawalStatus.Waiting) return { ok: false, reason: 'already_processed' }
      if (decision === 'pay') {
        if (row.firstApprovedBy !== null) {
          if (row.firstApprovedBy === staffId) return refuse('second_approver_needed')
          step.approval = 'second'
        } else {
          const threshold = await fourEyesThreshold(tx, 'withdraw_four_eyes_usd')
          const aloneToday = await approvedAloneToday(tx, 'withdrawals', userId)
          step.approval = needsSecondApproval(row.amount, aloneToday, threshold) ? 'first' : 'alone'
        }
      }
      return { ok: true, value: row }
    },
    command: (engine, row) =>
      decision === 'reject'
        ? engine.release(userId, row.amount, `withdrawal:${row.id}`)
        : step.approval === 'first'
          ? { ok: true, events: [] }
          : engine.payOut(userId, row.amount, `withdrawal:${row.id}`),
    async finish(tx, row) {
      const now = new Date()
      const decided = () => {
        if (decision === 'reject') return { status: WithdrawalStatus.Rejected, notes, reviewedAt: now }
        if (step.approval === 'first')
          return { firstApprovedBy: staffId, firstApprovedAt: now, firstNote: notes }
        const paid = { status: WithdrawalStatus.Paid, notes, reviewedAt: now }
        return step.approval === 'second'
          ? { ...paid, secondApprovedBy: staffId }
          : { ...paid, firstApprovedBy: staffId, firstApprovedAt: now }
      }
      const [changed] = await tx
        .update(withdrawals)
        .set(decided())
        .where(eq(withdrawals.id, row.id))
        .returning()
      if (onDecided && changed) await onDecided(tx, changed)
    },
  })
  return result.ok ? { ok: true, waiting: step.approval === 'first' } : result
}

/** A user's withdrawals of one type (every type without one), newest first (`draw_list`). */
export async function withdrawalList(
  db: DbOrTx,
  lang: LanguageCode,
  userId: number,
  type: 1 | 2 | undefined,
  offset: number,
  limit: number,
): Promise<RecordPage<WithdrawRecord>> {
  const where = and(
    eq(withdrawals.userId, userId),
    type === undefined ? undefined : eq(withdrawals.type, type),
  )
  const rows = await db
    .select({ w: withdrawals, currency: withdrawCurrencies })
    .from(withdrawals)
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, withdrawals.withdrawCurrencyId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .offset(offset)
    .limit(limit)
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where)
  const methods = await methodsById(db, userId)
  return {
    data: rows.map(({ w, currency }) => {
      const method = methods.get(w.payoutMethodId)
      return {
        id: w.id,
        number: new Decimal(w.amount).toFixed(2),
        real_number: payoutText(w.received),
        draw_currency: { code: currency.code, protocol: currency.protocol },
        fee: new Decimal(w.fee).toFixed(2),
        status: w.status as WithdrawRecord['status'],
        status_name: translate(lang, `withdrawal_status.${w.status}`),
        created_at: wireTime(w.createdAt.getTime()),
        type: w.type as 1 | 2,
        address: method?.address ?? '',
        payee_account: method?.payeeAccount ?? '',
        notes: w.notes,
      }
    }),
    total: total?.n ?? 0,
  }
}

/** The user's payout methods, deleted ones included (a record keeps showing where it was paid). */
async function methodsById(db: DbOrTx, userId: number) {
  const rows = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId))
  return new Map(rows.map((r) => [r.id, r]))
}
