import type { PayoutTypeValue } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import {
  DRAW_SYMBOLS_QUERY,
  fetchBalance,
  fetchDrawSymbols,
  fetchPayoutMethods,
  MONEY_BALANCE_QUERY,
  PAYOUT_METHODS_QUERY,
} from './wallet-api.ts'

/** Available and frozen balance, fetched afresh on every visit: money may have moved meanwhile. */
export function useMoneyBalance() {
  return useQuery({
    queryKey: [MONEY_BALANCE_QUERY],
    queryFn: ({ signal }) => fetchBalance(signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}

/**
 * The enabled withdraw currencies with the rate a request would be priced at now: a live quote moves,
 * so they are fetched afresh every few seconds while a screen shows them.
 */
export function useDrawSymbols(type: PayoutTypeValue) {
  return useQuery({
    queryKey: [DRAW_SYMBOLS_QUERY, type],
    queryFn: ({ signal }) => fetchDrawSymbols(type, signal),
    refetchInterval: DRAW_SYMBOLS_REFRESH_MS,
    staleTime: 0,
  })
}

/** How often the payout rates on screen are asked again. */
const DRAW_SYMBOLS_REFRESH_MS = 5_000

/** Saved methods of one type (of one currency when `drawId` is given), fresh on every visit. */
export function usePayoutMethods(type: PayoutTypeValue, drawId?: number, enabled = true) {
  return useQuery({
    queryKey: [PAYOUT_METHODS_QUERY, type, drawId ?? null],
    queryFn: ({ signal }) => fetchPayoutMethods(type, drawId, signal),
    refetchOnMount: 'always',
    staleTime: 0,
    enabled,
  })
}
