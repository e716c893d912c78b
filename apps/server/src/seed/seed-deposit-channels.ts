import type { Db } from '../db/client.ts'
import { depositBankAccounts, depositBankCurrencies, depositCoinChannels } from '../db/schema.ts'

/**
 * Deposit channels of a fresh install. The coin networks come without an address: the phone lists a
 * coin channel only once staff have set the broker's own address in the back office (an address
 * nobody controls would swallow users' money). The bank account is an example, marked as one, so
 * that a newcomer can try a deposit end to end; staff replace it before real money arrives (README
 * "Money in and out").
 */
const COIN_CHANNELS = [
  { currencyCode: 'USDT', protocolCode: 'TRC20', address: '', sort: 1 },
  { currencyCode: 'USDT', protocolCode: 'ERC20', address: '', sort: 2 },
  { currencyCode: 'BTC', protocolCode: 'BTC', address: '', sort: 3 },
]
const BANK_CURRENCIES = ['USD', 'EUR', 'HKD']
const EXAMPLE_REMARK = 'Example account: replace it in the back office before accepting real deposits'

/** Seeds the channels once: only into empty tables, so staff edits are never overwritten. */
export async function seedDepositChannels(db: Db): Promise<void> {
  const coins = await db.select({ id: depositCoinChannels.id }).from(depositCoinChannels).limit(1)
  if (coins.length === 0) await db.insert(depositCoinChannels).values(COIN_CHANNELS)
  const banks = await db.select({ id: depositBankCurrencies.id }).from(depositBankCurrencies).limit(1)
  if (banks.length > 0) return
  const currencies = await db
    .insert(depositBankCurrencies)
    .values(BANK_CURRENCIES.map((name, i) => ({ name, sort: i + 1 })))
    .returning()
  await db.insert(depositBankAccounts).values(
    currencies.map((currency) => ({
      bankCurrencyId: currency.id,
      bankName: 'Example Bank',
      bankAddress: '1 Example Street, Hong Kong',
      bankSwift: 'EXMPHKHH',
      payeeName: 'Meridian Markets Ltd',
      payeeAccount: `000-${currency.name}-123456`,
      bankRemark: EXAMPLE_REMARK,
    })),
  )
}
