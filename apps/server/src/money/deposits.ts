import { Decimal } from 'decimal.js'
import { and, asc, count, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm'
import {
  DepositStatus,
  LedgerType,
  type BankAccount,
  type BankCurrency,
  type CoinChannel,
  type DepositRecord,
  type RecordPage,
} from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../db/client.ts'
import {
  depositBankAccounts,
  depositBankCurrencies,
  depositCoinChannels,
  deposits,
  uploads,
} from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { getSettings } from '../settings/settings.ts'
import {
  approvedAloneToday,
  fourEyesThreshold,
  needsSecondApproval,
  type ApprovalResult,
} from './four-eyes.ts'
import type { DeskPort } from '../trading/desk.ts'
import { announced } from '../events/staff-events.ts'
import { uploadIdFrom, uploadOwnedBy } from '../uploads/uploads.ts'
import { wireTime } from '../trading/order-view.ts'

/** Deposits waiting for review one user may have at once: enough for real use, a bound on spam. */
const MAX_WAITING_DEPOSITS = 10

/** The coin networks users may deposit to: enabled, and with the address staff set. */
export async function coinChannels(db: DbOrTx): Promise<CoinChannel[]> {
  const rows = await db
    .select()
    .from(depositCoinChannels)
    .where(and(eq(depositCoinChannels.enabled, true), ne(depositCoinChannels.address, '')))
    .orderBy(asc(depositCoinChannels.sort), asc(depositCoinChannels.id))
  return rows.map((r) => ({
    id: r.id,
    address: r.address,
    currency_code: r.currencyCode,
    protocol_code: r.protocolCode,
  }))
}

export async function bankCurrencies(db: DbOrTx): Promise<BankCurrency[]> {
  const rows = await db
    .select()
    .from(depositBankCurrencies)
    .where(eq(depositBankCurrencies.enabled, true))
    .orderBy(asc(depositBankCurrencies.sort), asc(depositBankCurrencies.id))
  return rows.map((r) => ({ id: r.id, name: r.name }))
}

/** The broker's enabled bank accounts in one enabled bank currency. */
export async function bankAccountsIn(db: DbOrTx, bankCurrencyId: number): Promise<BankAccount[]> {
  const rows = await db
    .select({ account: depositBankAccounts })
    .from(depositBankAccounts)
    .innerJoin(depositBankCurrencies, eq(depositBankCurrencies.id, depositBankAccounts.bankCurrencyId))
    .where(
      and(
        eq(depositBankAccounts.bankCurrencyId, bankCurrencyId),
        eq(depositBankAccounts.enabled, true),
        eq(depositBankCurrencies.enabled, true),
      ),
    )
    .orderBy(asc(depositBankAccounts.sort), asc(depositBankAccounts.id))
  return rows.map(({ account: a }) => ({
    id: a.id,
    bank_name: a.bankName,
    bank_address: a.bankAddress,
    bank_swift: a.bankSwift,
    payee_name: a.payeeName,
    payee_account: a.payeeAccount,
    bank_remark: a.bankRemark,
  }))
}

export type DepositRequest =
  | { type: 0; channelId: number; address: string; amount: string; proof: string }
  | { type: 1; accountId: number; amount: string; proof: string }

/**
 * A deposit request: checked (an enabled channel, an amount within the settings, a proof image the
 * user uploaded) and stored as unchecked. Money reaches the balance only when staff approve it.
 */
export async function submitDeposit(
  db: Db,
  userId: number,
  request: DepositRequest,
): Promise<Outcome<{ id: number }>> {
  const channel = await channelOf(db, request)
  if (!channel) return refuse('channel_invalid')
  const limits = await getSettings(db, ['deposit_min_usd', 'deposit_max_usd'])
  const amount = new Decimal(request.amount)
  if (amount.lessThan(limits.deposit_min_usd) || amount.greaterThan(limits.deposit_max_usd))
    return refuse('amount_out_of_range', { min: limits.deposit_min_usd, max: limits.deposit_max_usd })
  const proof = uploadIdFrom(request.proof)
  if (!proof || !(await uploadOwnedBy(db, proof, userId))) return refuse('proof_invalid')
  const submitted = db.transaction(async (tx) => {
    // Counted under a lock of the user's rows, so that concurrent requests cannot pass the bound together.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEPOSIT_LOCK}, ${userId})`)
    const [waiting] = await tx
      .select({ n: count() })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, DepositStatus.Unchecked)))
    if ((waiting?.n ?? 0) >= MAX_WAITING_DEPOSITS) return refuse('rate_limited')
    const seen = await proofSeenBefore(tx, proof)
    if (seen.reused) return refuse('proof_reused')
    const [row] = await tx
      .insert(deposits)
      .values({
        userId,
        type: request.type,
        coinChannelId: request.type === 0 ? request.channelId : null,
        bankAccountId: request.type === 1 ? request.accountId : null,
        currencyCode: channel.currencyCode,
        amount: amount.toFixed(2),
        proofUploadId: proof,
        address: channel.address,
        similarDepositId: seen.similar?.id ?? null,
        similarDistance: seen.similar?.distance ?? null,
      })
      .returning({ id: deposits.id })
    return accept({ id: (row as { id: number }).id })
  })
  return submitted.then(announced('deposits'))
}

/** The first key of the advisory locks deposit requests take per user ("dp" as a number). */
const DEPOSIT_LOCK = 0x6470

/** The first key of the advisory locks on a proof's content ("pf"), whoever submits it. */
const PROOF_LOCK = 0x7066

/**
 * Perceptual hashes (64 bits) this close or closer are the same picture to a reviewer: a resized,
 * re-compressed or lightly cropped copy differs in a few bits; different bank slips of one layout
 * differ in far more. Flagged only: staff decide (decision 026).
 */
export const SIMILAR_PROOF_MAX_BITS = 10

/**
 * Whether the proof `uploadId` was already used by a deposit, by anyone: the same upload, or an
 * upload of the same decoded pixels (refused); else the closest earlier deposit whose proof looks
 * alike by perceptual hash (flagged to staff). Takes a lock on the proof's content until the
 * transaction ends, so two submissions of one picture, even by two users, take turns.
 */
async function proofSeenBefore(
  tx: Tx,
  uploadId: string,
): Promise<{ reused: boolean; similar?: { id: number; distance: number } }> {
  const [upload] = await tx
    .select({ sha: uploads.contentSha256, phash: uploads.phash })
    .from(uploads)
    .where(eq(uploads.id, uploadId))
  await tx.execute(sql`select pg_advisory_xact_lock(${PROOF_LOCK}, hashtext(${upload?.sha ?? uploadId}))`)
  const [same] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .where(
      upload?.sha
        ? or(eq(deposits.proofUploadId, uploadId), eq(uploads.contentSha256, upload.sha))
        : eq(deposits.proofUploadId, uploadId),
    )
    .limit(1)
  if (same) return { reused: true }
  if (!upload?.phash) return { reused: false }
  const distance = sql<number>`bit_count(cast(${uploads.phash} as bit(64)) # cast(${upload.phash} as bit(64)))`
  const [similar] = await tx
    .select({ id: deposits.id, distance })
    .from(deposits)
    .innerJoin(uploads, eq(uploads.id, deposits.proofUploadId))
    .where(and(isNotNull(uploads.phash), sql`${distance} <= ${SIMILAR_PROOF_MAX_BITS}`))
    .orderBy(distance, asc(deposits.id))
    .limit(1)
  return similar
    ? { reused: false, similar: { id: similar.id, distance: Number(similar.distance) } }
    : { reused: false }
}

async function channelOf(db: DbOrTx, request: DepositRequest) {
  if (request.type === 0) {
    const [channel] = await db
      .select()
      .from(depositCoinChannels)
      .where(and(eq(depositCoinChannels.id, request.channelId), eq(depositCoinChannels.enabled, true)))
    // The address the client showed must be the channel's (a stale screen would send money astray),
    // and a channel staff have given no address yet takes nothing.
    if (!channel || channel.address === '' || (request.address !== '' && request.address !== channel.address))
      return undefined
    return { currencyCode: channel.currencyCode, address: channel.address }
  }
  const [row] = await db
    .select({ name: depositBankCurrencies.name, account: depositBankAccounts.payeeAccount })
    .from(depositBankAccounts)
    .innerJoin(depositBankCurrencies, eq(depositBankCurrencies.id, depositBankAccounts.bankCurrencyId))
    .where(
      and(
        eq(depositBankAccounts.id, request.accountId),
        eq(depositBankAccounts.enabled, true),
        eq(depositBankCurrencies.enabled, true),
      ),
    )
  return row && { currencyCode: row.name, address: row.account }
}

/** A user's deposits of one type (every type without one), newest first (`quick_ist`). */
export async function depositHistory(
  db: DbOrTx,
  userId: number,
  type: 0 | 1 | undefined,
  offset: number,
  limit: number,
): Promise<RecordPage<DepositRecord>> {
  const where = and(eq(deposits.userId, userId), type === undefined ? undefined : eq(deposits.type, type))
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.id))
    .offset(offset)
    .limit(limit)
  const [total] = await db.select({ n: count() }).from(deposits).where(where)
  return {
    data: rows.map((r) => ({
      id: r.id,
      number: new Decimal(r.amount).toFixed(2),
      type: r.type as 0 | 1,
      currency_code: r.currencyCode,
      status: r.status as DepositRecord['status'],
      created_at: wireTime(r.createdAt.getTime()),
      remark: r.remark,
    })),
    total: total?.n ?? 0,
  }
}

/** A deposit as a decision left it; called in the decision's transaction (the back office audits there). */
export type DepositDecided = (tx: Tx, decided: typeof deposits.$inferSelect) => Promise<void>

/** Which approval this is: alone (booked), the first of two (recorded), or the second (booked). */
type Approval = 'alone' | 'first' | 'second'

/**
 * Staff member `staffId` approves a deposit. At or below the four-eyes threshold (with what the user
 * had approved by one person today, decision 025) it is credited through the desk, in the transaction
 * that marks it finished, exactly once (the row is locked and must still be unchecked). Above it the
 * first approval is only recorded; the second, by a different staff member, credits it.
 */
export async function approveDeposit(
  db: DbOrTx,
  desk: DeskPort,
  depositId: number,
  staffId: number,
  onDecided?: DepositDecided,
): Promise<ApprovalResult> {
  const [owner] = await db
    .select({ userId: deposits.userId })
    .from(deposits)
    .where(eq(deposits.id, depositId))
  if (!owner) return { ok: false, reason: 'not_found' }
  const { userId } = owner
  const step: { approval: Approval } = { approval: 'alone' }
  const result = await desk.runMoney(userId, {
    async prepare(tx) {
      const [row] = await tx
        .select()
        .from(deposits)
        .where(and(eq(deposits.id, depositId), eq(deposits.userId, userId)))
        .for('update')
      if (!row) return { ok: false, reason: 'not_found' }
      if (row.status !== DepositStatus.Unchecked) return { ok: false, reason: 'already_processed' }
      if (row.firstApprovedBy !== null) {
        if (row.firstApprovedBy === staffId) return refuse('second_approver_needed')
        step.approval = 'second'
      } else {
        const threshold = await fourEyesThreshold(tx, 'deposit_four_eyes_usd')
        const aloneToday = await approvedAloneToday(tx, 'deposits', userId)
        step.approval = needsSecondApproval(row.amount, aloneToday, threshold) ? 'first' : 'alone'
      }
      return { ok: true, value: row }
    },
    command: (engine, row) =>
      step.approval === 'first'
        ? { ok: true, events: [] }
        : engine.adjustBalance(userId, row.amount, LedgerType.DEPOSIT, `deposit:${row.id}`),
    async finish(tx, row) {
      const now = new Date()
      const [decided] = await tx
        .update(deposits)
        .set(
          step.approval === 'first'
            ? { firstApprovedBy: staffId, firstApprovedAt: now }
            : step.approval === 'second'
              ? { status: DepositStatus.Finished, reviewedAt: now, secondApprovedBy: staffId }
              : {
                  status: DepositStatus.Finished,
                  reviewedAt: now,
                  firstApprovedBy: staffId,
                  firstApprovedAt: now,
                },
        )
        .where(eq(deposits.id, row.id))
        .returning()
      if (onDecided && decided) await onDecided(tx, decided)
    },
  })
  return result.ok ? { ok: true, waiting: step.approval === 'first' } : result
}

/**
 * Staff reject a deposit (status 2) or mark it invalid (3), with a remark the user sees. Only an
 * unchecked deposit changes; a concurrent approval holds the row until it commits, then this finds
 * it finished.
 */
export async function rejectDeposit(
  db: Db,
  depositId: number,
  status: 2 | 3,
  remark: string,
  onDecided?: DepositDecided,
): Promise<Outcome<void>> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(deposits)
      .set({ status, remark, reviewedAt: new Date() })
      .where(and(eq(deposits.id, depositId), eq(deposits.status, DepositStatus.Unchecked)))
      .returning()
    if (!decided) return refuse('already_processed')
    if (onDecided) await onDecided(tx, decided)
    return accept(undefined)
  })
}
