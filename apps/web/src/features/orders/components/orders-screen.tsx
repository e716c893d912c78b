import { OrderStatus } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Page } from '../../../common/components/page.tsx'
import { toastInfo } from '../../../common/lib/toast.ts'
import { useAfterPaint } from '../../../common/lib/use-after-paint.ts'
import { whenIdle } from '../../../common/lib/when-idle.ts'
import { BALANCE_QUERY, DEAL_TABS, DEALS_QUERY, type DealTab } from '../../../common/trading/orders-api.ts'
import { useForexClosed, useForexTrade } from '../hooks/use-account-live.ts'
import { useBalance, useDeals } from '../hooks/use-deals.ts'
import { HISTORY_TOTALS_QUERY } from '../api/history-api.ts'
import { useHistoryPeriod } from '../../../common/history/use-history-period.ts'
import { useExpiredNotice } from '../../../common/trading/use-expired-notice.ts'
import { flattenDeals, liveMarks, parseTab, withLiveMark } from '../lib/deals.ts'
import { AccountSummary } from './account-summary.tsx'
import { CloseAll } from './close-all.tsx'
import { OrderList } from './order-list.tsx'
import './orders.css'

/**
 * The detail sheet (antd-mobile's popup and its animation library) is fetched once the list has
 * painted and the phone is idle, and shown from the first tap on a row: loading and evaluating it
 * while /order first paints would hold the list back for nothing, as most visits only read it.
 */
const loadDetailSheet = () => import('./order-detail-sheet.tsx')
const OrderDetailSheet = lazy(() => loadDetailSheet().then((m) => ({ default: m.OrderDetailSheet })))

/** History's period, totals and statement: only the History tab shows them, so /order loads them apart. */
const loadHistoryPanel = () => import('./history-panel.tsx')
const HistoryPanel = lazy(() => loadHistoryPanel().then((m) => ({ default: m.HistoryPanel })))

const NONE: ReadonlySet<number> = new Set()

const TAB_LABELS: Record<DealTab, string> = {
  1: 'orders.holding',
  0: 'orders.pending',
  3: 'orders.history',
}

/**
 * /order: the account summary, then Holding, Pending and History (docs/product.md "Screens"; `?type=` picks the
 * tab). Holding rows show the live profit of FOREX_TRADE; positions named by FOREX_CLOSED leave
 * the list, and their detail sheet closes.
 */
export function OrdersScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const tab = parseTab(params.get('type'))
  const history = useHistoryPeriod()
  const deals = useDeals(tab, history.period)
  const balance = useBalance()
  const live = useForexTrade()
  useExpiredNotice()
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set())
  const [openId, setOpenId] = useState<number | null>(null)
  // Mounted from the first opening on, so that it can slide away when closed.
  const [sheetWanted, setSheetWanted] = useState(false)
  if (openId !== null && !sheetWanted) setSheetWanted(true)
  const listShown = useAfterPaint(deals.isSuccess)
  useEffect(() => (listShown ? whenIdle(() => void loadDetailSheet(), 3000) : undefined), [listShown])
  useEffect(() => (listShown ? whenIdle(() => void loadHistoryPanel(), 3000) : undefined), [listShown])

  const marks = useMemo(() => liveMarks(live), [live])
  const orders = useMemo(
    () =>
      // Positions named by FOREX_CLOSED leave Holding at once; in History they are exactly what is new.
      flattenDeals(deals.data?.pages ?? [], tab === OrderStatus.Holding ? closed : NONE).map((order) =>
        withLiveMark(order, marks),
      ),
    [deals.data, closed, marks, tab],
  )
  const openOrder = orders.find((order) => order.Id === openId) ?? null

  const refreshAccount = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [BALANCE_QUERY] }),
    [queryClient],
  )

  // The socket's balance moves only when money is booked (a fee, a close): then getBalance again.
  const lastBalance = useRef<string | null>(null)
  useEffect(() => {
    if (!live) return
    if (lastBalance.current !== null && lastBalance.current !== live.Balance) void refreshAccount()
    lastBalance.current = live.Balance
  }, [live, refreshAccount])

  // A pending order that filled shows up in FOREX_TRADE before the list knows it: load it once.
  const asked = useRef(new Set<number>())
  useEffect(() => {
    if (tab !== OrderStatus.Holding || !live || deals.isFetching || deals.hasNextPage) return
    const known = new Set(orders.map((order) => order.Id))
    const unknown = live.TransOrder.filter(
      (mark) => !known.has(mark.Id) && !closed.has(mark.Id) && !asked.current.has(mark.Id),
    )
    if (unknown.length === 0) return
    for (const mark of unknown) asked.current.add(mark.Id)
    void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY] })
  }, [tab, live, deals.isFetching, deals.hasNextPage, orders, closed, queryClient])

  // Positions the user asked to close: FOREX_CLOSED now comes for those too (docs/wire.md), no surprise.
  const closingByUser = useRef(new Set<number>())
  useForexClosed((ids) => {
    setClosed((current) => new Set([...current, ...ids]))
    if (openId !== null && ids.includes(openId)) {
      setOpenId(null)
      if (!closingByUser.current.has(openId)) toastInfo(t('orders.closedNotice'))
    }
    void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY] })
    // A close books profit and fees: History's totals change with it.
    void queryClient.invalidateQueries({ queryKey: [HISTORY_TOTALS_QUERY] })
    void refreshAccount()
  })

  // docs/product.md "States": after a close or cancel the lists reload from the start.
  const reloadFromStart = useCallback(() => {
    setOpenId(null)
    void queryClient.resetQueries({ queryKey: [DEALS_QUERY] })
    void refreshAccount()
  }, [queryClient, refreshAccount])

  const refreshInPlace = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [DEALS_QUERY] })
  }, [queryClient])

  const chooseTab = (next: DealTab) => {
    if (next === tab) return
    setOpenId(null)
    setParams({ type: String(next) }, { replace: true })
  }

  return (
    <Page title={t('pages.orders')} back={false} accountKind className="orders-page">
      <AccountSummary balance={balance.data} live={live} />
      <div className="order-tabs" role="tablist" aria-label={t('pages.orders')}>
        {DEAL_TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            className="order-tab"
            aria-selected={value === tab}
            data-testid={`order-tab-${value}`}
            onClick={() => chooseTab(value)}
          >
            {t(TAB_LABELS[value])}
          </button>
        ))}
      </div>
      {tab === OrderStatus.Holding && orders.length > 1 && <CloseAll onFinished={reloadFromStart} />}
      {tab === OrderStatus.Closed && (
        <Suspense fallback={null}>
          <HistoryPanel preset={history.preset} period={history.period} />
        </Suspense>
      )}
      <OrderList tab={tab} query={deals} orders={orders} onOpen={setOpenId} />
      {sheetWanted && (
        <Suspense fallback={null}>
          <OrderDetailSheet
            order={openOrder}
            onClose={() => setOpenId(null)}
            onFinished={reloadFromStart}
            onClosing={(id) => closingByUser.current.add(id)}
            onChanged={refreshInPlace}
          />
        </Suspense>
      )}
    </Page>
  )
}
