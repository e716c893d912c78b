import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../../common/lib/toast.ts'
import type { CandleChart } from '../../lib/candle-chart.ts'
import { MAX_DRAWINGS, type DrawingKind, type DrawnPoint } from '../lib/drawings.ts'
import type { PriceLineSpec } from '../lib/trade-lines.ts'
import type { TrendDrawing } from '../lib/trend-lines.ts'
import { useDrawTap } from './use-draw-tap.ts'
import { useDrawings } from './use-drawings.ts'

/** What is being placed: a horizontal line, or a trend line (with its first point once tapped). */
export interface Placing {
  kind: DrawingKind
  first?: DrawnPoint
}

const roundTo = (value: number, precision: number) => Number(value.toFixed(precision))

/**
 * The trader's own lines on one instrument's chart: kept per instrument (use-drawings.ts), placed by
 * tapping the chart (one tap for a horizontal line, two for a trend line), horizontal ones drawn as
 * price lines (`lines`, for the screen to draw with the others) and trend lines as short series.
 * `drawnVersion` changes whenever the chart redraws them (a period or the lines changed).
 */
export function useChartDrawings(
  container: RefObject<HTMLElement | null>,
  chart: CandleChart | null,
  code: string,
  precision: number,
  shownPeriod: string,
) {
  const { t } = useTranslation()
  const { drawings, add, remove } = useDrawings(code)
  const [placing, setPlacing] = useState<Placing | null>(null)
  const [trendIds, setTrendIds] = useState('')

  const added = useCallback(
    (ok: boolean) => {
      if (!ok) showToast({ content: t('chart.tooManyLines', { count: MAX_DRAWINGS }) })
      setPlacing(null)
    },
    [t],
  )

  useDrawTap(container, chart, placing !== null, (point) => {
    const price = roundTo(point.price, precision)
    if (!(price > 0)) return
    if (placing?.kind === 'horizontal') added(add({ kind: 'horizontal', price }))
    else if (placing && !placing.first) setPlacing({ kind: 'trend', first: { ...point, price } })
    else if (placing?.first) added(add({ kind: 'trend', from: placing.first, to: { ...point, price } }))
  })

  const trends = useMemo(
    () => drawings.filter((drawing): drawing is TrendDrawing => drawing.kind === 'trend'),
    [drawings],
  )
  useEffect(() => {
    if (!chart) return
    chart.setTrendLines(trends)
    setTrendIds(chart.trendLinesDrawn().join(' '))
  }, [chart, trends, shownPeriod])

  const lines = useMemo(
    (): PriceLineSpec[] =>
      drawings.flatMap((drawing) =>
        drawing.kind === 'horizontal'
          ? [{ id: `drawn-${drawing.id}`, role: 'drawn' as const, price: drawing.price, title: '' }]
          : [],
      ),
    [drawings],
  )

  return { drawings, lines, trendIds, placing, setPlacing, remove }
}
