import type { Instrument, Period } from '@tp/contracts/light'
import { lazy, Suspense } from 'react'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useAfterPaint } from '../../../common/lib/use-after-paint.ts'

interface Props {
  instrument: Instrument
  period: Period
}

/**
 * The trader's chart is its own chunk with lightweight-charts, the indicators and the line drag:
 * /trade paints its quote and order form first, and the chart's code is asked for after that paint
 * (on a slow line, its 60 KB would otherwise hold the price back).
 */
const TraderChart = lazy(() => import('../chart/components/trader-chart.tsx'))

/** The candle chart of one instrument (render it with `key={instrument.Id}`). */
export function CandleChartView({ instrument, period }: Props) {
  const painted = useAfterPaint()
  const loading = (
    <div className="chart-placeholder" data-testid="trade-chart-loading">
      <PageLoading />
    </div>
  )
  if (!painted) return loading
  return (
    <Suspense fallback={loading}>
      <TraderChart instrument={instrument} period={period} />
    </Suspense>
  )
}
