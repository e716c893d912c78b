import type { Instrument } from '@tp/contracts/light'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../api-client.ts'
import { currentLanguage } from '../i18n/i18n.ts'
import { queryClient } from '../lib/query-client.ts'
import { takeFirstInstruments } from './first-data.ts'

/** `trade_list`, optionally filtered by a search text (matched by the server against code and name). */
export async function fetchInstruments(search: string, signal?: AbortSignal): Promise<Instrument[]> {
  // The whole list on the first screen: the page has usually asked for it already.
  const first = search.trim() ? undefined : await takeFirstInstruments(currentLanguage())
  if (first) return first
  const data = await api.get<Instrument[] | null>('/v1/api/forex/trade_list', {
    query: { searchCurrency: search.trim() || undefined },
    // Screens show their own error state with a retry button.
    silent: true,
    signal,
  })
  return Array.isArray(data) ? data : []
}

/** The query key of the list: `NameShowTrans` comes in the request's language, so the language is in it. */
export const instrumentsKey = (language: string, term: string) => ['instruments', language, term] as const

/**
 * The instrument list. docs/product.md: entering / or /trade refreshes it, so every screen that mounts
 * fetches it again, while still showing the cached list at once. A new language asks again (names),
 * showing the previous list meanwhile.
 */
export function useInstruments(search = '') {
  const { i18n } = useTranslation()
  const term = search.trim()
  return useQuery({
    queryKey: instrumentsKey(i18n.language, term),
    queryFn: ({ signal }) => fetchInstruments(term, signal),
    refetchOnMount: 'always',
    // While a new search runs, the previous results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  })
}

/**
 * An instrument's code as every list writes it (`ShowCode`: USD/JPY, not USDJPY), for screens that
 * get bare codes from their own calls (the ranking). The cached instrument list serves it, fetched
 * once if no screen has; the code itself until then or for an instrument no longer listed.
 */
export function useShowCode(): (code: string) => string {
  const { i18n } = useTranslation()
  const list = useQuery({
    queryKey: instrumentsKey(i18n.language, ''),
    queryFn: ({ signal }) => fetchInstruments('', signal),
    staleTime: 5 * 60_000,
  })
  return (code) => list.data?.find((instrument) => instrument.Code === code)?.ShowCode ?? code
}

/** The part of the socket client `watchCatalogue` needs. */
interface Listener {
  listen(type: string, handler: () => void): () => void
}

/**
 * Loads the instrument list again whenever staff change the catalogue (the server's `CATALOGUE`
 * message to every socket): an order form shows new leverage options, spread or sessions without a
 * reload, and a disabled instrument leaves the lists. Returns a function that stops.
 */
export function watchCatalogue(socket: Listener): () => void {
  return socket.listen('CATALOGUE', () => {
    void queryClient.invalidateQueries({ queryKey: ['instruments'] })
    // The market screen's tabs (features/market/api/categories-api.ts), whatever their language.
    void queryClient.invalidateQueries({ queryKey: ['categories'] })
  })
}
