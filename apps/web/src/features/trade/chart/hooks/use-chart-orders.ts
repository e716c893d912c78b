import { OrderStatus, type MyDealAnswer, type TransOrder } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../../common/api-client.ts'
import { useSession } from '../../../../common/session/session-store.ts'
import { DEALS_QUERY } from '../../../../common/trading/orders-api.ts'

/** Orders drawn at most: the server's largest page of each list. */
const CHART_ORDERS_LIMIT = 100

async function fetchLive(signal: AbortSignal): Promise<TransOrder[]> {
  const page = (status: number) =>
    api.get<MyDealAnswer>('/v1/api/forex/my_deal', {
      query: { status, page: 1, limit: CHART_ORDERS_LIMIT },
      silent: true,
      signal,
    })
  const [holding, pending] = await Promise.all([page(OrderStatus.Holding), page(OrderStatus.Pending)])
  return [...(holding.data ?? []), ...(pending.data ?? [])]
}

/**
 * The signed-in user's open positions and pending orders, for the chart's lines. Under the deals
 * key, so whatever refreshes the order lists (a stop saved, an order placed) refreshes these too;
 * polled as well, since a stop can fire or an order fill while the chart is open.
 */
export function useChartOrders() {
  const signedIn = useSession((state) => state.token !== null)
  return useQuery({
    queryKey: [DEALS_QUERY, 'chart'],
    queryFn: ({ signal }) => fetchLive(signal),
    enabled: signedIn,
    refetchInterval: 5000,
    staleTime: 0,
  })
}
