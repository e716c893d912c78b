import { MarketStatus, type Instrument } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { PriceChange } from '../../../common/components/price-change.tsx'
import { changeDirection, formatPrice } from '../../../common/market/format.ts'
import { currentQuote } from '../../../common/market/quote.ts'
import { useQuotesOf } from '../../../common/market/use-live-quotes.ts'

/**
 * The instrument's live last price and change, and the day's range, on one line (repainted once
 * per frame); bid and ask are on the sell/buy bar below the chart.
 */
export function QuotePanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation()
  // This instrument's ticks only: a tick of any other one neither renders the panel nor asks for a
  // frame (the market's dozens of instruments tick many times a second between them).
  const live = useQuotesOf([instrument.Code])
  const quote = currentQuote(instrument, live.get(instrument.Code))
  const price = (value: number) => formatPrice(value, instrument.PricePrecision)
  const closed = instrument.MarketStatus === MarketStatus.Closed

  return (
    <section className="quote-panel" aria-label={t('trade.quote')}>
      <div className="quote-line">
        <div className="quote-main">
          <span className={`quote-last num change-${changeDirection(quote.change)}`} data-testid="trade-last">
            {price(quote.last)}
          </span>
          <PriceChange change={quote.change} className="quote-change" />
        </div>
        <dl className="quote-range">
          <div>
            <dt>{t('trade.high')}</dt>
            <dd className="num">{price(quote.high)}</dd>
          </div>
          <div>
            <dt>{t('trade.low')}</dt>
            <dd className="num">{price(quote.low)}</dd>
          </div>
          <div>
            <dt>{t('trade.open')}</dt>
            <dd className="num">{price(quote.open)}</dd>
          </div>
        </dl>
      </div>
      {closed && (
        <p className="trade-closed-notice" role="status" data-testid="trade-closed">
          {t('trade.marketClosed')}
        </p>
      )}
    </section>
  )
}
