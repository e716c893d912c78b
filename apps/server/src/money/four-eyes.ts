import { Decimal } from 'decimal.js'
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { DepositStatus, WithdrawalStatus } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { deposits, withdrawals } from '../db/schema.ts'
import { getSetting, SETTING_DEFAULTS } from '../settings/settings.ts'
import type { MoneyResult } from '../trading/desk.ts'

/*
 * Four eyes on money in and out (issue 22, decision 025). A deposit approval, or a withdrawal's
 * payment, whose USD amount together with what the same user had approved by one staff member alone
 * that UTC day would exceed the setting, takes two different staff members: the first approval is
 * recorded, and only a second one by someone else books the money.
 */

/**
 * An approval's answer: `waiting` when it was the first of two (nothing booked yet), or a refusal
 * (`already_processed`, `not_found`, `second_approver_needed` when the first approver tries again).
 */
export type ApprovalResult = { ok: true; waiting: boolean } | Exclude<MoneyResult, { ok: true }>

export type FourEyesKey = 'deposit_four_eyes_usd' | 'withdraw_four_eyes_usd' | 'adjustment_four_eyes_usd'

/** The threshold in USD; a broken stored value must not switch the rule off, so the default holds then. */
export async function fourEyesThreshold(db: DbOrTx, key: FourEyesKey): Promise<Decimal> {
  const text = (await getSetting(db, key)).trim()
  return new Decimal(/^\d{1,12}(\.\d{1,2})?$/.test(text) ? text : SETTING_DEFAULTS[key])
}

/** Whether `amount` needs a second approver, given the USD the user had approved by one person today. */
export function needsSecondApproval(
  amount: Decimal.Value,
  aloneToday: Decimal.Value,
  threshold: Decimal,
): boolean {
  return new Decimal(amount).plus(aloneToday).greaterThan(threshold)
}

const utcDayStart = sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`

type MoneyKind = 'deposits' | 'withdrawals'

/**
 * USD of each user's deposits approved (or withdrawals paid) by one staff member alone since the
 * start of the UTC day: ten deposits just under the threshold are as much money as one above it.
 */
async function aloneTodayByUser(
  db: DbOrTx,
  kind: MoneyKind,
  userIds: number[],
): Promise<Map<number, Decimal>> {
  const table = kind === 'deposits' ? deposits : withdrawals
  const done = kind === 'deposits' ? DepositStatus.Finished : WithdrawalStatus.Paid
  const rows = await db
    .select({ userId: table.userId, total: sql<string>`coalesce(sum(${table.amount}), 0)` })
    .from(table)
    .where(
      and(
        inArray(table.userId, userIds),
        eq(table.status, done),
        isNull(table.secondApprovedBy),
        gte(table.reviewedAt, utcDayStart),
      ),
    )
    .groupBy(table.userId)
  return new Map(rows.map((r) => [r.userId, new Decimal(r.total)]))
}

/**
 * What the user had approved by one person alone today, for an approval being decided: read in the
 * desk's money step, which runs one at a time, so two approvals cannot both miss each other.
 */
export async function approvedAloneToday(tx: DbOrTx, kind: MoneyKind, userId: number): Promise<Decimal> {
  return (await aloneTodayByUser(tx, kind, [userId])).get(userId) ?? new Decimal(0)
}

/**
 * For the back office's queues: whether each waiting item would need two approvers if approved now
 * (the decision itself is taken, and counted again, when staff approve).
 */
export async function needsTwoByItem(
  db: DbOrTx,
  kind: MoneyKind,
  items: { id: number; userId: number; amount: string; firstApprovedBy: number | null }[],
): Promise<Set<number>> {
  const two = new Set<number>()
  const open = items.filter((i) => i.firstApprovedBy === null)
  for (const item of items) if (item.firstApprovedBy !== null) two.add(item.id)
  if (open.length === 0) return two
  const alone = await aloneTodayByUser(db, kind, [...new Set(open.map((i) => i.userId))])
  const threshold = await fourEyesThreshold(
    db,
    kind === 'deposits' ? 'deposit_four_eyes_usd' : 'withdraw_four_eyes_usd',
  )
  for (const item of open)
    if (needsSecondApproval(item.amount, alone.get(item.userId) ?? 0, threshold)) two.add(item.id)
  return two
}
