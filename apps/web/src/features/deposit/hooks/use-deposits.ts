import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import {
  BANK_ACCOUNTS_QUERY,
  BANK_CURRENCIES_QUERY,
  COIN_CHANNELS_QUERY,
  DEPOSITS_QUERY,
  fetchBankAccounts,
  fetchBankCurrencies,
  fetchCoinChannels,
  fetchDeposits,
} from '../api/deposit-api.ts'

export function useCoinChannels() {
  return useQuery({ queryKey: [COIN_CHANNELS_QUERY], queryFn: ({ signal }) => fetchCoinChannels(signal) })
}

export function useBankCurrencies() {
  return useQuery({ queryKey: [BANK_CURRENCIES_QUERY], queryFn: ({ signal }) => fetchBankCurrencies(signal) })
}

/** The broker's accounts in the chosen bank currency; nothing is asked before one is chosen. */
export function useBankAccounts(currencyId: number | null) {
  return useQuery({
    queryKey: [BANK_ACCOUNTS_QUERY, currencyId],
    queryFn: ({ signal }) => fetchBankAccounts(currencyId ?? 0, signal),
    enabled: currencyId !== null,
  })
}

/** Every deposit, coin and bank, newest first, page by page until the rows loaded reach `total`. */
export function useDeposits() {
  return useInfiniteQuery({
    queryKey: [DEPOSITS_QUERY],
    queryFn: ({ pageParam, signal }) => fetchDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
