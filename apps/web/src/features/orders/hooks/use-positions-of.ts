import { useQuery } from '@tanstack/react-query'
import { fetchPositionsOf } from '../../../common/trading/orders-api.ts'

/** The open positions of one instrument (the close-by list), fresh whenever the sheet opens. */
export function usePositionsOf(instrumentId: number) {
  return useQuery({
    queryKey: ['positions-of', instrumentId],
    queryFn: ({ signal }) => fetchPositionsOf(instrumentId, signal),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}
