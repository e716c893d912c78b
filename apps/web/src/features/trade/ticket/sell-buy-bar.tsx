import { MarketStatus, Side, type Instrument, type SideValue } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../../../common/market/format.ts'
import { currentQuote, type Quote } from '../../../common/market/quote.ts'
import { useQuotesOf } from '../../../common/market/use-live-quotes.ts'

interface Props {
  instrument: Instrument
  /** One-tap trading is on: a tap sends a market order at once (the bar says so). */
  oneTap: boolean
  busy: boolean
  onTap: (side: SideValue, quote: Quote, button: HTMLButtonElement) => void
}

/** The spread in points (the price's last digit): what the two buttons are apart. */
function spreadPoints(quote: Quote, precision: number): number | null {
  const spread = Math.round((quote.ask - quote.bid) * 10 ** precision)
  return Number.isFinite(spread) && spread >= 0 ? spread : null
}

/**
 * SELL at the bid and BUY at the ask, with the spread between them, repainted on every quote:
 * always on screen above the tab bar of /trade (MetaTrader's and eToro's trade buttons). A tap
 * opens the order ticket on that side, or with one-tap trading on, places the order.
 */
export function SellBuyBar({ instrument, oneTap, busy, onTap }: Props) {
  const { t } = useTranslation()
  const live = useQuotesOf([instrument.Code])
  const quote = currentQuote(instrument, live.get(instrument.Code))
  const precision = instrument.PricePrecision
  const closed = instrument.MarketStatus === MarketStatus.Closed
  const spread = spreadPoints(quote, precision)
  const code = instrument.ShowCode

  const button = (side: SideValue) => {
    const buy = side === Side.Buy
    const price = formatPrice(buy ? quote.ask : quote.bid, precision)
    const label = oneTap
      ? t(buy ? 'ticket.buyNow' : 'ticket.sellNow', { code, price })
      : t(buy ? 'ticket.buyAt' : 'ticket.sellAt', { code, price })
    return (
      <button
        type="button"
        className={`ticket-bar-button ticket-bar-${buy ? 'buy' : 'sell'}`}
        data-testid={buy ? 'ticket-buy' : 'ticket-sell'}
        aria-label={label}
        aria-haspopup={oneTap ? undefined : 'dialog'}
        disabled={closed || busy}
        onClick={(event) => onTap(side, quote, event.currentTarget)}
      >
        <span className="ticket-bar-side">{buy ? t('orderForm.buy') : t('orderForm.sell')}</span>
        <span className="ticket-bar-price num" data-testid={buy ? 'trade-ask' : 'trade-bid'}>
          {price}
        </span>
      </button>
    )
  }

  return (
    <div className="ticket-bar" role="group" aria-label={t('ticket.bar', { code })} data-testid="ticket-bar">
      {button(Side.Sell)}
      <div className="ticket-bar-middle">
        <span className="ticket-bar-spread num" title={t('ticket.spread')} data-testid="ticket-spread">
          <span className="visually-hidden">{t('ticket.spread')} </span>
          {spread ?? '--'}
        </span>
        {oneTap && (
          <span className="ticket-bar-one-tap" data-testid="ticket-one-tap-on">
            {t('ticket.oneTapShort')}
          </span>
        )}
      </div>
      {button(Side.Buy)}
    </div>
  )
}
