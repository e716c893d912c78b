import { Decimal } from 'decimal.js'
import { asc, eq } from 'drizzle-orm'
import {
  WITHDRAW_FEE_SHARE_MAX,
  WITHDRAW_FIXED_FEE_MAX_USD,
  type AdminDepositBankAccount,
  type AdminDepositChannel,
  type AdminWithdrawCurrency,
  type DepositBankAccountUpdateRequest,
  type DepositChannelUpdateRequest,
  type WithdrawCurrencyUpdateRequest,
} from '@tp/contracts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import {
  depositBankAccounts,
  depositBankCurrencies,
  depositCoinChannels,
  withdrawCurrencies,
} from '../../db/schema.ts'
import { isValidAddress } from '../../money/address-check.ts'
import { normalizedBic } from '../../money/bank-account-check.ts'
import { accept, refuse, type Outcome, type Refusal } from '../../outcome/outcome.ts'
import { audit, type Actor } from '../../audit/audit.ts'

/** The most a payout currency's USD price may move in one edit, either way (×2 or ÷2). */
const USD_PRICE_STEP = 2

/**
 * The money side of the catalogue (issue 11): the channels users deposit to (coin addresses, the
 * broker's bank accounts) and the currencies payouts are made in (fee type, rate, USD price). The
 * money screens read these tables on every call, so a change shows at once without a restart.
 */

const plain = (text: string) => new Decimal(text).toFixed()

type CurrencyRow = typeof withdrawCurrencies.$inferSelect
type ChannelRow = typeof depositCoinChannels.$inferSelect

const currencyView = (c: CurrencyRow): AdminWithdrawCurrency => ({
  id: c.id,
  type: c.type,
  code: c.code,
  protocol: c.protocol,
  fee_type: c.feeType,
  draw_rate: plain(c.drawRate),
  usd_price: plain(c.usdPrice),
  enabled: c.enabled,
  sort: c.sort,
})

const channelView = (c: ChannelRow): AdminDepositChannel => ({
  id: c.id,
  currency_code: c.currencyCode,
  protocol_code: c.protocolCode,
  address: c.address,
  enabled: c.enabled,
  sort: c.sort,
})

export async function listWithdrawCurrencies(db: DbOrTx): Promise<AdminWithdrawCurrency[]> {
  const rows = await db
    .select()
    .from(withdrawCurrencies)
    .orderBy(asc(withdrawCurrencies.type), asc(withdrawCurrencies.sort), asc(withdrawCurrencies.id))
  return rows.map(currencyView)
}

export async function listDepositChannels(db: DbOrTx): Promise<AdminDepositChannel[]> {
  const rows = await db
    .select()
    .from(depositCoinChannels)
    .orderBy(asc(depositCoinChannels.sort), asc(depositCoinChannels.id))
  return rows.map(channelView)
}

export async function listDepositBankAccounts(db: DbOrTx): Promise<AdminDepositBankAccount[]> {
  const rows = await db
    .select({ account: depositBankAccounts, currency: depositBankCurrencies.name })
    .from(depositBankAccounts)
    .innerJoin(depositBankCurrencies, eq(depositBankCurrencies.id, depositBankAccounts.bankCurrencyId))
    .orderBy(asc(depositBankAccounts.sort), asc(depositBankAccounts.id))
  return rows.map(({ account: a, currency }) => ({
    id: a.id,
    currency,
    bank_name: a.bankName,
    bank_address: a.bankAddress,
    bank_swift: a.bankSwift,
    payee_name: a.payeeName,
    payee_account: a.payeeAccount,
    bank_remark: a.bankRemark,
    enabled: a.enabled,
    sort: a.sort,
  }))
}

/**
 * One locked row changed with its audit row in one transaction: `apply` returns the new view (and
 * the values to write) or a refusal, which leaves everything as it was.
 */
async function editRow<V extends object>(
  db: Db,
  actor: Actor,
  target: string,
  action: string,
  step: (tx: Tx) => Promise<{ before: V; after: V; write: () => Promise<void> } | Refusal>,
): Promise<Outcome<V>> {
  return db.transaction(async (tx) => {
    const result = await step(tx)
    if ('ok' in result) return result
    await result.write()
    await audit(tx, actor, { action, target, before: result.before, after: result.after })
    return accept(result.after)
  })
}

/** A payout currency's fee type, rate, USD price, state or order; the rate is checked against the type. */
export function updateWithdrawCurrency(
  db: Db,
  actor: Actor,
  id: number,
  change: WithdrawCurrencyUpdateRequest,
) {
  return editRow(db, actor, `withdraw_currency:${id}`, 'withdraw_currency.update', async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawCurrencies)
      .where(eq(withdrawCurrencies.id, id))
      .for('update')
    if (!row) return refuse('invalid_input', { field: 'id' })
    const next: CurrencyRow = {
      ...row,
      feeType: change.fee_type ?? row.feeType,
      drawRate: change.draw_rate ?? row.drawRate,
      usdPrice: change.usd_price ?? row.usdPrice,
      enabled: change.enabled ?? row.enabled,
      sort: change.sort ?? row.sort,
    }
    // A type change must restate the rate: 5 USD must never become a 500 % share by accident.
    if (change.fee_type !== undefined && change.fee_type !== row.feeType && change.draw_rate === undefined)
      return refuse('invalid_input', { field: 'draw_rate' })
    const max = next.feeType === 1 ? WITHDRAW_FIXED_FEE_MAX_USD : WITHDRAW_FEE_SHARE_MAX
    if (new Decimal(next.drawRate).gt(max)) return refuse('invalid_input', { field: 'draw_rate' })
    // What a payout is worth moves by at most half or double in one edit: a slip of the decimal
    // point (0.0000001 or 10^14 for a stablecoin) cannot pay a user a fortune or nothing.
    const price = new Decimal(next.usdPrice)
    const was = new Decimal(row.usdPrice)
    if (was.gt(0) && (price.lt(was.div(USD_PRICE_STEP)) || price.gt(was.mul(USD_PRICE_STEP))))
      return refuse('invalid_input', { field: 'usd_price' })
    const { id: _id, ...values } = next
    return {
      before: currencyView(row),
      after: currencyView(next),
      write: async () => {
        await tx.update(withdrawCurrencies).set(values).where(eq(withdrawCurrencies.id, id))
      },
    }
  })
}

/** A coin deposit channel's address (well formed for its network), state or order. */
export function updateDepositChannel(db: Db, actor: Actor, id: number, change: DepositChannelUpdateRequest) {
  return editRow(db, actor, `deposit_channel:${id}`, 'deposit_channel.update', async (tx) => {
    const [row] = await tx
      .select()
      .from(depositCoinChannels)
      .where(eq(depositCoinChannels.id, id))
      .for('update')
    if (!row) return refuse('invalid_input', { field: 'id' })
    const currency = { code: row.currencyCode, protocol: row.protocolCode }
    if (change.address !== undefined && !isValidAddress(currency, change.address))
      return refuse('invalid_input', { field: 'dc_address' })
    const next: ChannelRow = {
      ...row,
      address: change.address ?? row.address,
      enabled: change.enabled ?? row.enabled,
      sort: change.sort ?? row.sort,
    }
    const { id: _id, ...values } = next
    return {
      before: channelView(row),
      after: channelView(next),
      write: async () => {
        await tx.update(depositCoinChannels).set(values).where(eq(depositCoinChannels.id, id))
      },
    }
  })
}

/** The broker's bank account for deposits: its details (a SWIFT/BIC checked), state or order. */
export function updateDepositBankAccount(
  db: Db,
  actor: Actor,
  id: number,
  change: DepositBankAccountUpdateRequest,
) {
  return editRow(db, actor, `deposit_bank_account:${id}`, 'deposit_bank_account.update', async (tx) => {
    const [row] = await tx
      .select()
      .from(depositBankAccounts)
      .where(eq(depositBankAccounts.id, id))
      .for('update')
    if (!row) return refuse('invalid_input', { field: 'id' })
    let swift = change.bank_swift
    if (swift) {
      swift = normalizedBic(swift)
      if (!swift) return refuse('invalid_input', { field: 'bank_swift' })
    }
    const next = {
      ...row,
      bankName: change.bank_name ?? row.bankName,
      bankAddress: change.bank_address ?? row.bankAddress,
      bankSwift: swift ?? row.bankSwift,
      payeeName: change.payee_name ?? row.payeeName,
      payeeAccount: change.payee_account ?? row.payeeAccount,
      bankRemark: change.bank_remark ?? row.bankRemark,
      enabled: change.enabled ?? row.enabled,
      sort: change.sort ?? row.sort,
    }
    const view = (a: typeof row) => ({
      bank_name: a.bankName,
      bank_address: a.bankAddress,
      bank_swift: a.bankSwift,
      payee_name: a.payeeName,
      payee_account: a.payeeAccount,
      bank_remark: a.bankRemark,
      enabled: a.enabled,
      sort: a.sort,
    })
    const { id: _id, ...values } = next
    return {
      before: view(row),
      after: view(next),
      write: async () => {
        await tx.update(depositBankAccounts).set(values).where(eq(depositBankAccounts.id, id))
      },
    }
  })
}
