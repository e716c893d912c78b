import type { BankAccount, BankCurrency, CoinChannel, DepositRecord, RecordPage } from '@tp/contracts/light'
import { onConsentRefusal } from '../../../common/legal/consent-refusal.ts'
import { api } from '../../../common/api-client.ts'
import { MONEY_PAGE_SIZE } from '../../../common/lib/paging.ts'

export const DEPOSITS_QUERY = 'deposits'
export const COIN_CHANNELS_QUERY = 'coin-channels'
export const BANK_CURRENCIES_QUERY = 'bank-currencies'
export const BANK_ACCOUNTS_QUERY = 'bank-accounts'

/** Tabs of /mine/charge: the deposit `type`, 0 coin, 1 bank transfer. */
export type DepositTab = 0 | 1

export function fetchCoinChannels(signal?: AbortSignal) {
  return api.get<CoinChannel[]>('/api/quickCharge/info', { silent: true, signal })
}

export function fetchBankCurrencies(signal?: AbortSignal) {
  return api.get<BankCurrency[]>('/api/quickCharge/symbols', { silent: true, signal })
}

/** The broker's bank accounts in one bank currency. */
export function fetchBankAccounts(currencyId: number, signal?: AbortSignal) {
  return api.get<BankAccount[]>('/api/quickCharge/wire_info', {
    query: { bank_coin: currencyId },
    silent: true,
    signal,
  })
}

export function submitCoinDeposit(form: {
  number: string
  proofImg: string
  address: string
  charge_id: number
}) {
  return api
    .getResult<null>('/api/quickCharge/submit', { query: form, loading: true })
    .catch(onConsentRefusal)
}

export function submitBankDeposit(form: { number: string; proofImg: string; wire_id: number }) {
  return api
    .getResult<null>('/api/quickCharge/wire_submit', { query: form, loading: true })
    .catch(onConsentRefusal)
}

/** Every deposit of the user, coin and bank alike, newest first. */
export function fetchDeposits(page: number, signal?: AbortSignal) {
  return api.get<RecordPage<DepositRecord>>('/api/quickCharge/quick_ist', {
    query: { page, limit: MONEY_PAGE_SIZE },
    silent: true,
    signal,
  })
}
