import type { Instrument } from '@tp/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'

/** `trade_list`, optionally filtered by a search text (matched by the server against code and name). */
export async function fetchInstruments(search: string, signal?: AbortSignal): Promise<Instrument[]> {
  const data = await api.get<Instrument[] | null>('/v1/api/forex/trade_list', {
    query: { searchCurrency: search.trim() || undefined },
    // Screens show their own error state with a retry button.
    silent: true,
    signal,
  })
  return Array.isArray(data) ? data : []
}

/**
 * The instrument list. SPEC.md: entering / or /trade refreshes it, so every screen that mounts
 * fetches it again, while still showing the cached list at once.
 */
export function useInstruments(search = '') {
  const term = search.trim()
  return useQuery({
    queryKey: ['instruments', term],
    queryFn: ({ signal }) => fetchInstruments(term, signal),
    refetchOnMount: 'always',
    // While a new search runs, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  })
}
