import { MarketStatus, type Instrument } from '@tp/contracts/light'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LogoImage } from '../../../common/components/logo-image.tsx'
import { PriceChange } from '../../../common/components/price-change.tsx'
import { changeDirection, formatPrice } from '../../../common/market/format.ts'
import { instrumentName } from '../../../common/market/instrument-name.ts'
import type { Quote } from '../../../common/market/quote.ts'
import { tradePath } from '../../../common/market/trade-link.ts'
import { useLongPress } from '../hooks/use-long-press.ts'
import { formatLocale } from '../../../common/lib/locale.ts'
import { openingTime } from '../../../common/market/opening-text.ts'
import { FavouriteStar } from '../../../common/instrument/favourite-star.tsx'
import { Sparkline } from './sparkline.tsx'

interface Props {
  instrument: Instrument
  quote: Quote
  closes: readonly number[] | undefined
  /** Whether the logo is shown yet (an empty disc of its size until then). */
  decorated: boolean
  /** A long-press (or the context-menu key) on the row: quick buy/sell. */
  onQuickTrade?: (instrument: Instrument) => void
  /** The id of the text that tells how to reach quick trade, for screen readers. */
  quickTradeHintId?: string
}

/**
 * One instrument of the market list: tapping it opens its chart on /trade, a long-press its quick
 * buy/sell sheet; the star beside it (not inside the link) adds it to the favourites.
 */
export const MarketRow = memo(function MarketRow({
  instrument,
  quote,
  closes,
  decorated,
  onQuickTrade,
  quickTradeHintId,
}: Props) {
  const { t } = useTranslation()
  const closed = instrument.MarketStatus === MarketStatus.Closed
  const opens = closed ? openingTime(instrument, Date.now(), formatLocale()) : null
  const longPress = useLongPress(() => onQuickTrade?.(instrument))
  return (
    <div className="market-item">
      <FavouriteStar code={instrument.Code} showCode={instrument.ShowCode} className="market-row-star" />
      <Link
        to={tradePath(instrument.Id)}
        className="market-row"
        data-testid={`market-row-${instrument.Code}`}
        data-closed={closed || undefined}
        aria-describedby={onQuickTrade ? quickTradeHintId : undefined}
        {...(onQuickTrade ? longPress : {})}
      >
        {decorated ? (
          <LogoImage src={instrument.Logo} name={instrument.ShowCode} />
        ) : (
          <span className="logo-image logo-image-pending" />
        )}
        <span className="market-row-name">
          <span className="market-row-code">
            <bdi>{instrument.ShowCode}</bdi>
            {closed && <span className="market-closed-tag">{t('market.closed')}</span>}
          </span>
          <bdi className="market-row-sub">{instrumentName(instrument)}</bdi>
        </span>
        <Sparkline closes={closes} direction={changeDirection(quote.change)} />
        <span className="market-row-quote">
          <span className="market-row-price num" data-testid={`market-price-${instrument.Code}`}>
            {formatPrice(quote.last, instrument.PricePrecision)}
          </span>
          {opens ? (
            <span className="market-row-opens" data-testid={`market-opens-${instrument.Code}`}>
              {t('favourites.opens', { time: opens })}
            </span>
          ) : (
            <PriceChange change={quote.change} className="market-row-change" />
          )}
        </span>
      </Link>
    </div>
  )
})
