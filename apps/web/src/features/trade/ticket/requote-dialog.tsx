import { Side, type Instrument, type SideValue } from '@tp/contracts/light'
import { translate } from '../../../common/i18n/i18n.ts'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { formatPrice } from '../../../common/market/format.ts'
import type { RequoteOffer } from './requote.ts'

/** A figure set into a sentence keeps its own order in Arabic and Persian (a Unicode isolate). */
const isolated = (text: string) => `\u2066${text}\u2069`

/**
 * The requote dialog (loaded with the first requote): the price moved from the one the user saw to
 * a new one; "Buy at …" / "Sell at …" places the same order at it, Cancel (or Escape) places nothing.
 */
export function askRequote(offer: RequoteOffer, side: SideValue, instrument: Instrument): Promise<boolean> {
  const price = (value: number) => formatPrice(value, instrument.PricePrecision)
  const buy = side === Side.Buy
  return Dialog.confirm({
    title: translate('ticket.requoteTitle'),
    content: (
      <p className="requote-text" data-testid="requote-text">
        {translate('ticket.requoteText', {
          code: isolated(instrument.ShowCode),
          from: isolated(price(offer.seen)),
          to: isolated(price(offer.price)),
        })}
      </p>
    ),
    // Test ids inside the button texts, since Dialog.confirm takes no props for its buttons.
    confirmText: (
      <span data-testid="requote-accept">
        {translate(buy ? 'ticket.requoteBuy' : 'ticket.requoteSell', { price: isolated(price(offer.price)) })}
      </span>
    ),
    cancelText: <span data-testid="requote-cancel">{translate('ticket.requoteCancel')}</span>,
  })
}
