import { sql } from 'drizzle-orm'
import { FeeType, PayoutType } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { withdrawCurrencies } from '../db/schema.ts'

type NewWithdrawCurrency = typeof withdrawCurrencies.$inferInsert

const { Coin: COIN, Bank: BANK } = PayoutType
const { Fixed: FIXED_FEE, Share: SHARE_FEE } = FeeType

/**
 * The currencies a fresh install pays out in, so that withdrawals work before anyone opens the back
 * office. Staff edit fees and prices there later; the coin prices here are only a starting point.
 */
export const DEFAULT_WITHDRAW_CURRENCIES: NewWithdrawCurrency[] = [
  {
    type: COIN,
    code: 'USDT',
    protocol: 'TRC20',
    feeType: FIXED_FEE,
    drawRate: '1',
    usdPrice: '1',
    precision: 6,
    sort: 1,
  },
  {
    type: COIN,
    code: 'USDT',
    protocol: 'ERC20',
    feeType: FIXED_FEE,
    drawRate: '5',
    usdPrice: '1',
    precision: 6,
    sort: 2,
  },
  {
    type: COIN,
    code: 'BTC',
    protocol: 'BTC',
    feeType: SHARE_FEE,
    drawRate: '0.001',
    usdPrice: '95000',
    precision: 8,
    rateInstrument: 'BTCUSD',
    sort: 3,
  },
  {
    type: COIN,
    code: 'ETH',
    protocol: 'ERC20',
    feeType: SHARE_FEE,
    drawRate: '0.001',
    usdPrice: '3200',
    precision: 18,
    rateInstrument: 'ETHUSD',
    sort: 4,
  },
  { type: BANK, code: 'USD', protocol: '', feeType: SHARE_FEE, drawRate: '0.001', usdPrice: '1', sort: 1 },
  {
    type: BANK,
    code: 'EUR',
    protocol: '',
    feeType: SHARE_FEE,
    drawRate: '0.001',
    usdPrice: '1.08',
    rateInstrument: 'EURUSD',
    sort: 2,
  },
  {
    type: BANK,
    code: 'HKD',
    protocol: '',
    feeType: SHARE_FEE,
    drawRate: '0.001',
    usdPrice: '0.128',
    rateInstrument: 'USDHKD',
    sort: 3,
  },
]

/**
 * Fills the withdraw currencies once, when the table has never held any: after that they are staff's
 * (an edited fee, a disabled network or a removed currency stays as staff left it across restarts).
 * Two processes starting together take turns under an advisory lock, so only one inserts.
 */
export async function seedWithdrawCurrencies(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_withdraw_currencies'))`)
    const [existing] = await tx.select({ id: withdrawCurrencies.id }).from(withdrawCurrencies).limit(1)
    if (!existing) await tx.insert(withdrawCurrencies).values(DEFAULT_WITHDRAW_CURRENCIES)
  })
}
