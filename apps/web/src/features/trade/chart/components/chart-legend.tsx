import type { Instrument } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { useStore } from 'zustand'
import { formatPrice } from '../../../../common/market/format.ts'
import { currentQuote } from '../../../../common/market/quote.ts'
import { useQuotesOf } from '../../../../common/market/use-live-quotes.ts'
import type { LegendStore } from '../lib/legend-store.ts'
import { spreadPoints } from '../lib/trade-lines.ts'

interface Props {
  instrument: Instrument
  /** The bar under the crosshair, else the newest (the chart sets them). */
  bars: LegendStore
}

/**
 * Open, high, low, close and volume of one bar, and the live bid, ask and spread, over the chart.
 * It follows the ticks itself, so only the legend renders on each.
 */
export function ChartLegend({ instrument, bars }: Props) {
  const { t } = useTranslation()
  const bar = useStore(bars, (state) => state.hover ?? state.last)
  const live = useQuotesOf([instrument.Code])
  const { bid, ask } = currentQuote(instrument, live.get(instrument.Code))
  const precision = instrument.PricePrecision
  const spread = spreadPoints(bid, ask, precision)
  const price = (value: number | undefined) =>
    value !== undefined && value > 0 ? formatPrice(value, precision) : '—'
  const direction = bar && bar.close < bar.open ? 'chart-fall' : 'chart-rise'
  return (
    <div className="chart-legend" dir="auto" data-testid="chart-legend" aria-live="off">
      <div className={`chart-legend-row ${direction}`} data-testid="chart-ohlc">
        <span>
          <b>{t('chart.open')}</b> <bdi className="num">{price(bar?.open)}</bdi>
        </span>
        <span>
          <b>{t('chart.high')}</b> <bdi className="num">{price(bar?.high)}</bdi>
        </span>
        <span>
          <b>{t('chart.low')}</b> <bdi className="num">{price(bar?.low)}</bdi>
        </span>
        <span>
          <b>{t('chart.close')}</b> <bdi className="num">{price(bar?.close)}</bdi>
        </span>
        <span>
          <b>{t('chart.volume')}</b> <bdi className="num">{bar ? bar.volume.toLocaleString() : '—'}</bdi>
        </span>
      </div>
      <div className="chart-legend-row">
        <span className="chart-fall">
          <b>{t('chart.bid')}</b>{' '}
          <bdi className="num" data-testid="chart-bid">
            {price(bid)}
          </bdi>
        </span>
        <span className="chart-rise">
          <b>{t('chart.ask')}</b>{' '}
          <bdi className="num" data-testid="chart-ask">
            {price(ask)}
          </bdi>
        </span>
        <span>
          <b>{t('chart.spread')}</b>{' '}
          <bdi className="num" data-testid="chart-spread">
            {spread === null ? '—' : t('chart.points', { value: spread })}
          </bdi>
        </span>
      </div>
    </div>
  )
}
