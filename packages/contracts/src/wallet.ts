import { z } from 'zod'
import { oneOf, serialId } from './numbers.ts'
import { LINES, ONE_LINE } from './plain-text.ts'
import { PayoutType, type PayoutTypeValue } from './light/wallet.ts'
export * from './light/wallet.ts'

/** Payout methods and the currencies withdrawals are paid in (docs/product.md "Records" and "Calls"). */

const payoutType = oneOf([PayoutType.Coin, PayoutType.Bank])

/** An optional id: clients send `draw_id=` (empty) when none is chosen. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  serialId.optional(),
)

/** A single line of plain text (plain-text.ts), trimmed, at most `max` characters; `min` 1 makes it required. */
const line = (max: number, min = 0) => z.string().trim().min(min).max(max).regex(ONE_LINE)
/** An optional line: absent is the empty string. */
const optionalLine = (max: number) => line(max).optional().default('')
/** A free remark: a few lines of plain text (plain-text.ts). */
export const remark = z.string().trim().max(200).regex(LINES).optional().default('')

/** `draw_symbol_list`: the enabled currencies of one type. */
export const drawSymbolListRequest = z.object({ type: payoutType })

/** `get_draw_method`: the caller's saved methods of one type, of one currency when `draw_id` is given. */
export const getDrawMethodRequest = z.object({ draw_type: payoutType, draw_id: optionalId })

/** The first step of `bind_draw_method`: which kind of method, which decides the other fields. */
export const bindMethodTypeRequest = z.object({ type: payoutType })

/** `bind_draw_method` with `type` 1: a coin address on the currency's network. */
export const bindCoinMethodRequest = z.object({
  type: oneOf([PayoutType.Coin]),
  draw_id: serialId,
  /** Checked against the network's format, checksum included, by the server. */
  dc_address: line(128, 1),
  remark,
})

/**
 * `bind_draw_method` with `type` 2: a bank account. `bank_swift` (SWIFT/BIC) and `iban` (when given)
 * are checked by the server; spaces inside them are ignored. `currency` is the account's currency
 * (ISO 4217), the withdraw currency's code when not given.
 */
export const bindBankMethodRequest = z.object({
  type: oneOf([PayoutType.Bank]),
  draw_id: serialId,
  bank_name: line(100, 1),
  bank_address: optionalLine(200),
  bank_swift: line(16, 1),
  payee_name: line(100, 1),
  payee_account: line(40, 1).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/),
  iban: optionalLine(48),
  currency: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{3})?$/)
    .optional()
    .default(''),
  remark,
})

/** `del_draw_method`: one of the caller's own methods. */
export const deleteDrawMethodRequest = z.object({ id: serialId })

/** A currency withdrawals are paid in, as `draw_symbol_list` lists it. Rates are decimal text. */
export interface DrawSymbol {
  id: number
  code: string
  /** The network of a coin ("TRC20"), empty for a bank currency. */
  protocol: string
  /** A fixed USD fee when `fee_type` is 1, else the share of the amount ("0.001" is 0.1 %). */
  draw_rate: string
  fee_type: number
  /**
   * USD per unit of the currency a request would be priced at now: received = (amount - fee) /
   * usd_price, rounded down to `precision` decimals (@tp/engine withdrawalQuote).
   */
  usd_price: string
  /** `code-protocol` when there is a protocol ("USDT-TRC20"), else the code. */
  label: string
  /** Ours (issue 22): decimals of the currency's smallest unit (8 BTC, 18 ETH, 6 USDT, 2 fiat). */
  precision: number
  /** 'quote:<instrument>' when priced at that live quote plus the margin, 'staff' at a set rate. */
  rate_source: string
  /** False when the quote is stale or its market closed: a request would be refused now. */
  rate_ready: boolean
  /** The quote's time (Unix ms); 0 for a staff-set rate. */
  rate_time: number
  /** The margin (%) added to the quote. */
  rate_margin_pct: string
}

/** A saved payout method (docs/product.md "Saved withdraw method"); bank fields are empty for a coin address. */
export interface SavedPayoutMethod {
  id: number
  type: PayoutTypeValue
  /** The withdraw currency's id. */
  draw_id: number
  /** The coin address; empty for a bank account. */
  dc_address: string
  draw_currency: { code: string; protocol: string }
  bank_name: string
  bank_address: string
  bank_swift: string
  payee_name: string
  payee_account: string
  iban: string
  /** The bank account's currency (ISO 4217). */
  currency: string
  remark: string
  created_at: string
}
