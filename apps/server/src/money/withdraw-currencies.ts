import { Decimal } from 'decimal.js'
import { and, asc, eq } from 'drizzle-orm'
import type { DrawSymbol, PayoutTypeValue } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { withdrawCurrencies } from '../db/schema.ts'
import type { Outcome } from '../outcome/outcome.ts'
import type { PayoutRate } from './payout-rate.ts'

export type WithdrawCurrency = typeof withdrawCurrencies.$inferSelect

/** `code-protocol` when the currency has a protocol ("USDT-TRC20"), else its code ("USD"). */
export const currencyLabel = (currency: { code: string; protocol: string }) =>
  currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code

/** A stored numeric as plain decimal text without trailing zeros ("1.000000" is "1", never "1e-7"). */
const decimalText = (value: string) => new Decimal(value).toFixed()

/**
 * A currency as the phone lists it, priced as a request would be now (`rate`: a live quote with the
 * margin, or the staff-set rate). With no fresh quote `rate_ready` is false and `usd_price` the
 * staff-set record: the phone shows no amount, and a request would be refused.
 */
export function drawSymbolView(currency: WithdrawCurrency, rate: Outcome<PayoutRate>): DrawSymbol {
  return {
    id: currency.id,
    code: currency.code,
    protocol: currency.protocol,
    draw_rate: decimalText(currency.drawRate),
    fee_type: currency.feeType,
    usd_price: rate.ok ? rate.value.usdPrice.toFixed() : decimalText(currency.usdPrice),
    label: currencyLabel(currency),
    precision: currency.precision,
    rate_source: rate.ok
      ? rate.value.source
      : currency.rateInstrument
        ? `quote:${currency.rateInstrument}`
        : 'staff',
    rate_ready: rate.ok,
    rate_time: rate.ok && rate.value.quotedAtMs !== null ? rate.value.quotedAtMs : 0,
    rate_margin_pct: rate.ok ? rate.value.marginPct : '0',
  }
}

/** The enabled currencies of one type, in the order staff set (then by id). */
export async function enabledCurrencies(db: DbOrTx, type: PayoutTypeValue): Promise<WithdrawCurrency[]> {
  return db
    .select()
    .from(withdrawCurrencies)
    .where(and(eq(withdrawCurrencies.type, type), eq(withdrawCurrencies.enabled, true)))
    .orderBy(asc(withdrawCurrencies.sort), asc(withdrawCurrencies.id))
}

/** One currency by id, whatever its state; the caller decides what a disabled one means. */
export async function withdrawCurrency(db: DbOrTx, id: number): Promise<WithdrawCurrency | undefined> {
  const [currency] = await db.select().from(withdrawCurrencies).where(eq(withdrawCurrencies.id, id))
  return currency
}
