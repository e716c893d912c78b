import { klineTopic, type Instrument, type Period } from '@tp/contracts'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../shared/components/load-failed.tsx'
import { PageLoading } from '../../../shared/components/page-loading.tsx'
import { realtime } from '../../../shared/realtime.ts'
import { useKline } from '../api/kline-api.ts'
import { createCandleChart, type CandleChart, type ChartTheme } from '../lib/candle-chart.ts'
import { candleOf, isKlineMessage } from '../lib/candles.ts'

interface Props {
  instrument: Instrument
  period: Period
}

function readTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element)
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    background: color('--surface', '#ffffff'),
    text: color('--text-secondary', '#667085'),
    grid: color('--border', '#e4e7ec'),
    rise: color('--rise', '#12b886'),
    fall: color('--fall', '#f04438'),
    fontFamily: style.fontFamily,
  }
}

/** What is drawn, for the screen's attributes (browser tests wait on them to see a redraw). */
interface Drawn {
  period: Period | ''
  bars: number
  /** The newest bar's time as the chart holds it (seconds), so a test can see the unit is right. */
  lastTime: number | null
}

/**
 * The candle chart of one instrument (render it with `key={instrument.Id}`): history from `kline`,
 * then the current candle from `KLINE.{code}` frames of the shown period.
 */
export function CandleChartView({ instrument, period }: Props) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<CandleChart | null>(null)
  const [chartFailed, setChartFailed] = useState(false)
  const [drawn, setDrawn] = useState<Drawn>({ period: '', bars: 0, lastTime: null })
  const kline = useKline(instrument.Id, period)
  // The chart is made once per instrument; the precision it starts with is the instrument's.
  const precision = useRef(instrument.PricePrecision)

  useEffect(() => {
    const element = container.current
    if (!element) return
    let made: CandleChart | null = null
    let cancelled = false
    createCandleChart(element, precision.current, readTheme(element)).then(
      (created) => {
        if (cancelled) {
          created.destroy()
          return
        }
        made = created
        setChart(created)
      },
      (error: unknown) => {
        console.debug('chart failed to load', error)
        if (!cancelled) setChartFailed(true)
      },
    )
    return () => {
      cancelled = true
      made?.destroy()
    }
  }, [])

  useEffect(() => {
    if (!chart || !kline.data) return
    setDrawn({ period, bars: chart.show(kline.data, period), lastTime: chart.lastBarTime() })
  }, [chart, kline.data, period])

  useEffect(() => {
    if (!chart) return
    return realtime.subscribe(klineTopic(instrument.Code), (message) => {
      if (!isKlineMessage(message)) return
      const update = chart.update(candleOf(message), message.kline.Period)
      if (update.change === 'append')
        setDrawn((current) => ({ ...current, bars: update.bars, lastTime: chart.lastBarTime() }))
    })
  }, [chart, instrument.Code])

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
    <div className="trade-chart-frame">
      <div
        ref={container}
        className="trade-chart"
        dir="ltr"
        data-testid="trade-chart"
        data-period={drawn.period}
        data-bars={drawn.bars}
        data-last-time={drawn.lastTime ?? ''}
      />
      {overlay && <div className="trade-chart-overlay">{overlay}</div>}
    </div>
  )
}
