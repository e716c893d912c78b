import type { MyDealAnswer, TransOrder } from '@tp/contracts/light'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import type { DealTab } from '../../../common/trading/orders-api.ts'
import { OrderRow } from './order-row.tsx'

interface Props {
  tab: DealTab
  query: UseInfiniteQueryResult<InfiniteData<MyDealAnswer>>
  orders: readonly TransOrder[]
  onOpen: (id: number) => void
}

const EMPTY: Record<DealTab, string> = {
  1: 'orders.emptyHolding',
  0: 'orders.emptyPending',
  3: 'orders.emptyHistory',
}

/** Loads the next page when the end of the list scrolls into view; the button does the same by hand. */
function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLButtonElement>(null)
  const load = useRef(onLoad)
  useEffect(() => {
    load.current = onLoad
  }, [onLoad])
  // Observed afresh after each page: an observer reports the state it starts in, so a short list
  // whose end is still in view keeps loading.
  useEffect(() => {
    const element = ref.current
    if (loading || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [loading])
  return (
    <button type="button" ref={ref} className="order-list-more" disabled={loading} onClick={onLoad}>
      {loading ? t('common.loading') : t('orders.loadMore')}
    </button>
  )
}

/** One tab's rows, paged; its empty, loading and failed states. */
export function OrderList({ tab, query, orders, onOpen }: Props) {
  const { t } = useTranslation()
  if (query.isPending) return <PageLoading />
  if (query.isError && !query.data) return <LoadFailed onRetry={() => void query.refetch()} />
  if (orders.length === 0) {
    return (
      <p className="list-empty" data-testid="order-empty">
        {t(EMPTY[tab])}
      </p>
    )
  }
  return (
    <div className="order-list" role="tabpanel">
      <ul className="order-list-rows">
        {orders.map((order) => (
          <li key={order.Id}>
            <OrderRow order={order} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMore
          loading={query.isFetchingNextPage}
          onLoad={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage()
          }}
        />
      ) : (
        <p className="order-list-end">{t('orders.noMore')}</p>
      )}
    </div>
  )
}
