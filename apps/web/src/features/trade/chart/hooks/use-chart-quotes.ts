import type { Instrument } from '@tp/contracts/light'
import { useCallback, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useInstruments } from '../../../../common/market/instruments-api.ts'
import { currentQuote, type Quote } from '../../../../common/market/quote.ts'
import { useLatestQuotes } from '../../../../common/market/use-live-quotes.ts'
import { usdConversionCodes } from '../../../../common/trading/order-estimate.ts'
import type { CandleChart } from '../../lib/candle-chart.ts'
import type { PriceLineSpec } from '../lib/trade-lines.ts'

/**
 * The chart's quotes: its instrument's, drawn as the bid and ask lines straight from each tick (the
 * chart's screen does not render on ticks, decision 042; `onTick` runs after the lines moved), and
 * the pairs that turn its quote currency into USD, read when a dragged line is dropped.
 */
export function useChartQuotes(chart: CandleChart | null, instrument: Instrument, onTick: () => void) {
  const { t } = useTranslation()
  const instruments = useInstruments()
  const codes = useMemo(
    () => [instrument.Code, ...usdConversionCodes(instrument.QuoteCurrency)],
    [instrument.Code, instrument.QuoteCurrency],
  )
  const latest = useLatestQuotes(codes, (code) => {
    if (code !== instrument.Code) return
    drawLines()
    onTick()
  })
  const quoteNow = useCallback(
    () => currentQuote(instrument, latest.get(instrument.Code)),
    [instrument, latest],
  )
  const quoteOf = useCallback(
    (code: string): Quote | undefined => {
      const listed = instruments.data?.find((item) => item.Code === code)
      return listed ? currentQuote(listed, latest.get(code)) : latest.get(code)
    },
    [instruments.data, latest],
  )
  const drawLines = () => {
    if (!chart) return
    const { bid, ask } = quoteNow()
    const lines: PriceLineSpec[] = []
    if (bid > 0) lines.push({ id: 'bid', role: 'bid', price: bid, title: t('chart.bid') })
    if (ask > 0) lines.push({ id: 'ask', role: 'ask', price: ask, title: t('chart.ask') })
    chart.setLines(lines, 'quote')
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- drawn again on each tick, here when the chart or language is new
  useEffect(drawLines, [chart, t])
  return { quoteNow, quoteOf }
}
