import { MarketStatus, type Instrument } from '@tp/contracts'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LogoImage } from '../../../shared/components/logo-image.tsx'
import { PriceChange } from '../../../shared/components/price-change.tsx'
import { changeDirection, formatPrice } from '../../../shared/market/format.ts'
import type { Quote } from '../../../shared/market/quote.ts'
import { tradePath } from '../../../shared/market/trade-link.ts'
import { Sparkline } from './sparkline.tsx'

interface Props {
  instrument: Instrument
  quote: Quote
  closes: readonly number[] | undefined
}

/** One instrument of the market list: tapping it opens its chart on /trade. */
export const MarketRow = memo(function MarketRow({ instrument, quote, closes }: Props) {
  const { t } = useTranslation()
  const closed = instrument.MarketStatus === MarketStatus.Closed
  return (
    <Link
      to={tradePath(instrument.Id)}
      className="market-row"
      data-testid={`market-row-${instrument.Code}`}
      data-closed={closed || undefined}
    >
      <LogoImage src={instrument.Logo} name={instrument.ShowCode} />
      <span className="market-row-name">
        <span className="market-row-code">
          <bdi>{instrument.ShowCode}</bdi>
          {closed && <span className="market-closed-tag">{t('market.closed')}</span>}
        </span>
        <bdi className="market-row-sub">{instrument.Name}</bdi>
      </span>
      <Sparkline closes={closes} direction={changeDirection(quote.change)} />
      <span className="market-row-quote">
        <span className="market-row-price num" data-testid={`market-price-${instrument.Code}`}>
          {formatPrice(quote.last, instrument.PricePrecision)}
        </span>
        <PriceChange change={quote.change} className="market-row-change" />
      </span>
    </Link>
  )
})
