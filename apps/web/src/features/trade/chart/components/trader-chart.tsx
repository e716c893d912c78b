import { klineTopic, Side, type Instrument, type Period, type TransOrder } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../../common/components/page-loading.tsx'
import { formatPrice } from '../../../../common/market/format.ts'
import { realtime } from '../../../../common/realtime.ts'
import { showToast, toastSuccess } from '../../../../common/lib/toast.ts'
import { Dialog } from '../../../../common/lib/antd-dialog.ts'
import { nextTask } from '../../../../common/lib/next-task.ts'
import { DEALS_QUERY, modifyPending, saveStops } from '../../../../common/trading/orders-api.ts'
import { fetchKline, useKline } from '../../api/kline-api.ts'
import { createCandleChart, type CandleChart } from '../../lib/candle-chart.ts'
import { candleOf, isKlineMessage } from '../../lib/candles.ts'
import { usdRateOf } from '../../../../common/trading/order-estimate.ts'
import { readPrefs, writePrefs, type ChartPrefs } from '../lib/chart-prefs.ts'
import { readChartTheme } from '../lib/chart-theme.ts'
import { createLegendStore } from '../lib/legend-store.ts'
import { profitIfHit } from '../lib/drag.ts'
import { movedTerms } from '../lib/line-move.ts'
import { isDraggable, orderLines, type DragRole, type DraggableLine } from '../lib/trade-lines.ts'
import { useChartDrawings } from '../hooks/use-chart-drawings.ts'
import { useChartQuotes } from '../hooks/use-chart-quotes.ts'
import { useChartOrders } from '../hooks/use-chart-orders.ts'
import { useFullscreen } from '../hooks/use-fullscreen.ts'
import { useLineDrag, type HeldLine } from '../hooks/use-line-drag.ts'
import { useThemeChange } from '../hooks/use-theme-change.ts'
import { ChartLegend } from './chart-legend.tsx'
import { ChartToolbar } from './chart-toolbar.tsx'
import { DrawingSheet } from './drawing-sheet.tsx'
import { IndicatorSheet } from './indicator-sheet.tsx'
import '../chart.css'

export interface TraderChartProps {
  instrument: Instrument
  period: Period
}

/** What is drawn, for the screen's attributes (browser tests wait on them to see a redraw). */
interface Drawn {
  period: Period | ''
  bars: number
  /** The newest bar's time as the chart holds it (seconds), so a test can see the unit is right. */
  lastTime: number | null
}

const lotsText = (lots: number) => String(Number(lots.toFixed(8)))

/** The move dialog's title, by what the dragged line is. */
const MOVE_TITLES: Record<DragRole, string> = {
  stopLoss: 'chart.moveStopLoss',
  takeProfit: 'chart.moveTakeProfit',
  pendingEntry: 'chart.movePendingPrice',
}

/**
 * The trader's chart of one instrument (render it with `key={instrument.Id}`): candles from `kline`
 * and `KLINE.{code}` frames, older ones as the view reaches the first, bid and ask lines, the
 * user's orders as lines (a position's stop and target, and a pending order's lines, can be dragged), a legend, chart types,
 * indicators and full screen.
 */
export default function TraderChart({ instrument, period }: TraderChartProps) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const frame = useRef<HTMLDivElement>(null)
  const container = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<CandleChart | null>(null)
  const [chartFailed, setChartFailed] = useState(false)
  const [drawn, setDrawn] = useState<Drawn>({ period: '', bars: 0, lastTime: null })
  const [legend] = useState(createLegendStore)
  const [prefs, setPrefs] = useState<ChartPrefs>(readPrefs)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [linesOpen, setLinesOpen] = useState(false)
  const [linesVersion, setLinesVersion] = useState(0)
  const held = useRef<HeldLine | null>(null)
  const kline = useKline(instrument.Id, period)
  const precision = instrument.PricePrecision
  const fullscreen = useFullscreen(frame)
  const drawings = useChartDrawings(container, chart, instrument.Code, precision, drawn.period)

  // History paging: the oldest candle asked for, and whether the server has any older.
  const history = useRef({ loading: false, exhausted: false, period: '' as Period | '' })
  const loadOlder = useRef<() => void>(() => undefined)

  useEffect(() => {
    const element = container.current
    if (!element) return
    let made: CandleChart | null = null
    let cancelled = false
    // In a task of its own, after the one that evaluated the chart's code and mounted this: each
    // stays short on a slow phone.
    void nextTask().then(() => {
      if (cancelled) return
      try {
        made = createCandleChart(element, precision, readChartTheme(), readPrefs().type, {
          onHover: (bar) => legend.setState({ hover: bar }),
          onNearFirstBar: () => loadOlder.current(),
        })
        made.setIndicators(readPrefs().indicators)
        setChart(made)
      } catch (error) {
        console.debug('chart failed', error)
        setChartFailed(true)
      }
    })
    return () => {
      cancelled = true
      made?.destroy()
    }
    // The chart is made once per instrument (the screen keys it), with that instrument's precision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useThemeChange(useCallback(() => chart?.setTheme(readChartTheme()), [chart]))

  useEffect(() => {
    if (!chart || !kline.data) return
    const bars = chart.show(kline.data, period)
    history.current = { loading: false, exhausted: false, period }
    setDrawn({ period, bars, lastTime: chart.lastBarTime() })
    legend.setState({ last: chart.lastBar() })
  }, [chart, kline.data, period, legend])

  loadOlder.current = () => {
    const state = history.current
    const before = chart?.oldestTime()
    if (!chart || state.loading || state.exhausted || state.period !== period || before == null) return
    state.loading = true
    fetchKline(instrument.Id, period, undefined, before).then(
      (older) => {
        if (history.current !== state) return
        state.loading = false
        const added = chart.prepend(older, period)
        if (added === 0) state.exhausted = true
        else setDrawn((current) => ({ ...current, bars: current.bars + added }))
      },
      () => {
        state.loading = false
      },
    )
  }

  useEffect(() => {
    if (!chart) return
    return realtime.subscribe(klineTopic(instrument.Code), (message) => {
      if (!isKlineMessage(message)) return
      const update = chart.update(candleOf(message), message.kline.Period)
      if (update.change === 'ignore') return
      legend.setState({ last: chart.lastBar() })
      if (update.change === 'append')
        setDrawn((current) => ({ ...current, bars: update.bars, lastTime: chart.lastBarTime() }))
      else markDragLines.current()
    })
  }, [chart, instrument.Code, legend])

  // Prefs: drawn and remembered.
  useEffect(() => {
    if (!chart) return
    chart.setType(prefs.type)
    chart.setIndicators(prefs.indicators)
    writePrefs(prefs)
  }, [chart, prefs])

  // Ticks move the bid and ask lines and the draggable lines' marks, not this screen (decision 042).
  const { quoteNow, quoteOf } = useChartQuotes(chart, instrument, () => markDragLines.current())
  const currency = instrument.QuoteCurrency

  const orders = useChartOrders()
  const texts = useMemo(
    () => ({
      entry: (order: TransOrder) =>
        t(order.Status === 1 ? 'chart.positionLine' : 'chart.pendingLine', {
          side: order.OrderType === Side.Buy ? t('orderForm.buy') : t('orderForm.sell'),
          lots: lotsText(order.Quantity),
        }),
      stopLoss: t('chart.stopLossLine'),
      trailingStop: t('chart.trailingStopLine'),
      takeProfit: t('chart.takeProfitLine'),
    }),
    [t],
  )
  const tradeLines = useMemo(
    () => orderLines(orders.data ?? [], instrument.Id, texts),
    [orders.data, instrument.Id, texts],
  )
  const draggable = useMemo(() => tradeLines.filter(isDraggable), [tradeLines])

  useEffect(() => {
    if (!chart) return
    const lines = tradeLines.map((line) =>
      held.current?.id === line.id ? { ...line, price: held.current.price } : line,
    )
    chart.setLines([...drawings.lines, ...lines], 'orders')
  }, [chart, tradeLines, linesVersion, drawings.lines])

  // id:price:y of each draggable line, so a browser test knows where to grab one: written after each
  // render and each tick (the price scale follows the candles).
  const markDragLines = useRef(() => undefined as void)
  markDragLines.current = () => {
    const element = container.current
    if (!element) return
    element.dataset.dragLines = draggable
      .map((line) => `${line.id}:${line.price}:${Math.round(chart?.yOf(line.price) ?? -1)}`)
      .join(' ')
  }
  useEffect(() => markDragLines.current())

  const release = useCallback(() => {
    held.current = null
    setLinesVersion((version) => version + 1)
  }, [])

  const confirmMove = useCallback(
    async (line: DraggableLine, price: number) => {
      const { order, role } = line
      const moved = movedTerms(line, price, precision, quoteNow())
      if (!moved.ok) {
        showToast({ content: t(moved.problem.key, moved.problem.values) })
        release()
        return
      }
      // A stop's profit if hit counts from the fill, or from the price a pending order waits at.
      const from = moved.value.kind === 'pending' ? moved.value.terms.target_price : order.Price
      const profit =
        role === 'pendingEntry'
          ? null
          : profitIfHit(
              order.OrderType,
              from,
              price,
              order.Quantity,
              instrument.ForexContNum,
              usdRateOf(currency, quoteOf),
            )
      const confirmed = await Dialog.confirm({
        // In full screen only the chart's box is shown: the dialog goes inside it.
        getContainer: () => (document.fullscreenElement as HTMLElement | null) ?? document.body,
        title: t(MOVE_TITLES[role]),
        content: (
          <dl className="chart-move" data-testid="chart-move-dialog">
            <dt>{t('chart.from')}</dt>
            <dd className="num" data-testid="chart-move-old">
              {formatPrice(line.price, precision)}
            </dd>
            <dt>{t('chart.to')}</dt>
            <dd className="num" data-testid="chart-move-new">
              {formatPrice(price, precision)}
            </dd>
            {role !== 'pendingEntry' && (
              <>
                <dt>{t(profit !== null && profit < 0 ? 'chart.lossIfHit' : 'chart.profitIfHit')}</dt>
                <dd className={`num ${profit !== null && profit < 0 ? 'chart-loss' : 'chart-profit'}`}>
                  {profit === null ? '—' : `${profit > 0 ? '+' : ''}${profit.toFixed(2)} USD`}
                </dd>
              </>
            )}
          </dl>
        ),
        confirmText: <span data-testid="chart-move-confirm">{t('common.confirm')}</span>,
        cancelText: <span data-testid="chart-move-cancel">{t('common.cancel')}</span>,
      })
      if (!confirmed) {
        release()
        return
      }
      try {
        const result =
          moved.value.kind === 'pending'
            ? await modifyPending(order.Id, moved.value.terms)
            : await saveStops(order.Id, moved.value.stopLoss, moved.value.takeProfit)
        toastSuccess(result.msg)
        await queryClient.invalidateQueries({ queryKey: [DEALS_QUERY] })
      } catch {
        // The API client has shown the server's refusal; the line goes back.
      }
      release()
    },
    [precision, t, release, instrument.ForexContNum, quoteNow, currency, quoteOf, queryClient],
  )

  const dragging = useLineDrag({
    container,
    chart,
    lines: draggable,
    precision,
    held,
    onDrop: (line, price) => void confirmMove(line, price),
  })

  let overlay = null
  if (chartFailed || (kline.isError && !kline.data)) {
    overlay = (
      <LoadFailed
        onRetry={() => {
          if (chartFailed) window.location.reload()
          else void kline.refetch()
        }}
      />
    )
  } else if (!chart || kline.isPending) overlay = <PageLoading />
  else if (drawn.period === period && drawn.bars === 0) {
    overlay = <p className="trade-chart-empty">{t('trade.noCandles')}</p>
  }

  return (
    <div
      ref={frame}
      className={`chart-frame${fullscreen.active ? ' chart-frame-full' : ''}${fullscreen.fallback ? ' chart-frame-fallback' : ''}`}
      data-testid="chart-frame"
      data-fullscreen={fullscreen.active}
    >
      <ChartToolbar
        type={prefs.type}
        onType={(type) => setPrefs((current) => ({ ...current, type }))}
        onIndicators={() => setSheetOpen(true)}
        onLines={() => setLinesOpen(true)}
        fullscreen={fullscreen.active}
        onFullscreen={() => void (fullscreen.active ? fullscreen.exit() : fullscreen.enter())}
      />
      <div className="chart-stage">
        <div
          ref={container}
          className="chart-canvas"
          dir="ltr"
          data-testid="trade-chart"
          data-period={drawn.period}
          data-bars={drawn.bars}
          data-last-time={drawn.lastTime ?? ''}
          data-dragging={dragging ?? ''}
          data-drawn-lines={drawings.lines.map((line) => line.price).join(' ')}
          data-trend-lines={drawings.trendIds}
          data-placing={
            drawings.placing ? `${drawings.placing.kind}${drawings.placing.first ? '-2' : ''}` : ''
          }
        />
        <ChartLegend instrument={instrument} bars={legend} />
        {overlay && <div className="chart-overlay">{overlay}</div>}
        {drawings.placing && (
          <div className="chart-hint" role="status" data-testid="chart-draw-hint">
            <span>
              {t(
                drawings.placing.kind === 'horizontal'
                  ? 'chart.placeHorizontal'
                  : drawings.placing.first
                    ? 'chart.placeTrendEnd'
                    : 'chart.placeTrendStart',
              )}
            </span>
            <button type="button" data-testid="chart-draw-cancel" onClick={() => drawings.setPlacing(null)}>
              {t('common.cancel')}
            </button>
          </div>
        )}
      </div>
      <IndicatorSheet
        open={sheetOpen}
        container={frame}
        selected={prefs.indicators}
        onChange={(indicators) => setPrefs((current) => ({ ...current, indicators }))}
        onClose={() => setSheetOpen(false)}
      />
      <DrawingSheet
        open={linesOpen}
        container={frame}
        drawings={drawings.drawings}
        precision={precision}
        onDraw={(kind) => {
          setLinesOpen(false)
          drawings.setPlacing({ kind })
        }}
        onDelete={drawings.remove}
        onClose={() => setLinesOpen(false)}
      />
    </div>
  )
}
