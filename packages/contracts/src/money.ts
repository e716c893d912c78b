import { z } from 'zod'
import { integer, oneOf, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'
import { remark } from './wallet.ts'
import { DepositType, USD_AMOUNT_MAX, USD_AMOUNT_TEXT } from './light/money.ts'
export * from './light/money.ts'

/** Deposits and withdrawals (docs/product.md "Screens", "Records", "Input rules" and "Calls"). Amounts are USD decimal strings. */

/**
 * A USD amount as typed: digits with at most two decimals, more than zero, at most 1,000,000,000.
 * `NaN`, exponents, hex, signs, spaces (around it too) and empty text are refused as invalid input.
 */
export const usdAmount = z
  .string()
  .regex(USD_AMOUNT_TEXT)
  .refine((text) => Number(text) > 0 && Number(text) <= USD_AMOUNT_MAX)

/**
 * An uploaded proof: the `data.url` that `image_upload` answered (a signed link, whatever its age)
 * or the upload id (`data.id`).
 */
const proofImage = z.string().trim().min(1).max(2000)

/** `quickCharge/submit`: a coin deposit of `number` USD to the channel `charge_id`. */
export const coinDepositRequest = z.object({
  number: usdAmount,
  proofImg: proofImage,
  /** The address the client showed (checked against the channel's). */
  address: z.string().trim().max(128).optional().default(''),
  charge_id: serialId,
})

/** `quickCharge/wire_submit`: a bank deposit of `number` USD to the broker's account `wire_id`. */
export const bankDepositRequest = z.object({
  number: usdAmount,
  proofImg: proofImage,
  wire_id: serialId,
})

/** `quickCharge/wire_info`: the broker's bank accounts in one bank currency. */
export const wireInfoRequest = z.object({ bank_coin: serialId })

/** `quickCharge/quick_ist`: the caller's deposits of one type, newest first. */
/** `quickCharge/quick_ist`: the caller's deposits of one `type` (0 coin, 1 bank), or all without one. */
export const depositHistoryRequest = pageRequest.extend({
  type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    oneOf([DepositType.Coin, DepositType.Bank]).optional(),
  ),
})

/** `account/draw`: a withdrawal of `number` USD, paid in `draw_currency_id` to `draw_method_id`. */
export const withdrawRequest = z.object({
  draw_currency_id: serialId,
  number: usdAmount,
  memo: remark,
  draw_method_id: serialId,
})

/**
 * `account/draw_list`: the caller's withdrawals, `type` 1 coin or 2 bank (the tab index + 1); without
 * `type` (the family's clients), all of them.
 */
export const withdrawListRequest = pageRequest.extend({
  type: z.preprocess((value) => (value === '' ? undefined : value), integer({ min: 1, max: 2 }).optional()),
})

/** `quickCharge/info` item: a coin network to deposit to. */
export interface CoinChannel {
  id: number
  address: string
  currency_code: string
  protocol_code: string
}

/** `quickCharge/symbols` item: a currency bank transfers can be made in. */
export interface BankCurrency {
  id: number
  name: string
}

/** `quickCharge/wire_info` item: a bank account of the broker. */
export interface BankAccount {
  id: number
  bank_name: string
  bank_address: string
  bank_swift: string
  payee_name: string
  payee_account: string
  bank_remark: string
}

/** A deposit as `quick_ist` lists it (docs/product.md "Deposit record"). `number` is the USD amount. */
export interface DepositRecord {
  id: number
  number: string
  type: 0 | 1
  currency_code: string
  status: 0 | 1 | 2 | 3
  created_at: string
  remark: string
}

/** A withdrawal as `draw_list` lists it (docs/product.md "Withdraw record"). */
export interface WithdrawRecord {
  id: number
  /** USD asked for. */
  number: string
  /**
   * What is paid, in the currency: (number - fee) / usd_price, to 2 decimals, never below 0. (The
   * back office's withdrawal queue uses `real_number` for the transfer's reference instead: staff
   * enter it when they pay; the user reads it in `notes`.)
   */
  real_number: string
  draw_currency: { code: string; protocol: string }
  fee: string
  status: 0 | 1 | 2
  status_name: string
  created_at: string
  type: 1 | 2
  address: string
  payee_account: string
  notes: string
}

/** A page of records: `data.data` and `data.total` (docs/product.md "Calls"). */
export interface RecordPage<T> {
  data: T[]
  total: number
}
