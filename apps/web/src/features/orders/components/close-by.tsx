import { Side, type Instrument, type TransOrder } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { useInstruments } from '../../../common/market/instruments-api.ts'
import { usePricedQuote } from '../../../common/market/use-priced-quote.ts'
import { closePositionBy } from '../../../common/trading/orders-api.ts'
import { sideKey } from '../../../common/trading/side-name.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'
import { usePositionsOf } from '../hooks/use-positions-of.ts'
import { closeByPreview, oppositePositions } from '../lib/close-by.ts'
import { formatProfit } from '../lib/deals.ts'

interface Props {
  order: TransOrder
  /** The position shown closes whole: its FOREX_CLOSED, which may come first, is expected. */
  onClosing: (id: number) => void
  /** After the close by (or its refusal): the lists reload from the start. */
  onFinished: () => void
}

/**
 * MT5's "close by" (decision 037): the position closed against an opposite one of its instrument,
 * picked from a list; the confirmation says what closes, what stays open and what the pair earns
 * (estimated at the live conversion rate for an instrument quoted in another currency than USD).
 */
/**
 * A signed figure inside a sentence, read left to right in Arabic and Persian too (as `.num` shows
 * it): in a left-to-right isolate, without the Arabic letter mark the language's number format puts
 * before a minus (which would send the sign to the figure's right).
 */
const leftToRight = (figure: string) => `\u2066${figure.replace(/[\u200e\u200f\u061c]/g, '')}\u2069`

export function CloseBy(props: Props) {
  const instrument = props.order.ForexTradeLists as Instrument | undefined
  return instrument ? <CloseByList {...props} instrument={instrument} /> : null
}

function CloseByList({ order, instrument, onClosing, onFinished }: Props & { instrument: Instrument }) {
  const { t } = useTranslation()
  const action = useOrderAction()
  const positions = usePositionsOf(order.ForexId)
  const instruments = useInstruments()
  const { usdRate } = usePricedQuote(instrument, instruments.data ?? [])
  const opposite = oppositePositions(order, positions.data?.order.data ?? [])
  const price = (value: number) => formatPrice(value, instrument.PricePrecision)

  async function closeBy(by: TransOrder) {
    if (action.busy) return
    const preview = closeByPreview(order, by, usdRate)
    const confirmed = await Dialog.confirm({
      content: (
        <div data-testid="close-by-preview">
          <p>
            {t('orders.closeByConfirm', {
              id: order.Id,
              by: by.Id,
              lots: preview.lots,
              profit: preview.profit === null ? '—' : leftToRight(formatProfit(preview.profit)),
            })}
          </p>
          {preview.rest && (
            <p>{t('orders.closeByRest', { rest: preview.rest.lots, keep: preview.rest.id })}</p>
          )}
        </div>
      ),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: <span data-testid="close-by-confirm">{t('orders.closeBy')}</span>,
      cancelText: t('common.back'),
    })
    if (!confirmed) return
    if (preview.rest?.id !== order.Id) onClosing(order.Id)
    // Taken or refused, the lists reload: a refusal may mean a position changed meanwhile.
    await action.run(() => closePositionBy(order.Id, by.Id))
    onFinished()
  }

  return (
    <div className="detail-close-by" data-testid="detail-close-by">
      <h3 className="detail-section-title">{t('orders.closeBy')}</h3>
      <p className="detail-hint">{t('orders.closeByHint')}</p>
      {positions.isSuccess && opposite.length === 0 && (
        <p className="detail-hint" data-testid="close-by-none">
          {t('orders.closeByNone')}
        </p>
      )}
      <ul className="close-by-list">
        {opposite.map((by) => (
          <li key={by.Id}>
            <button
              type="button"
              className="close-by-item"
              data-testid="close-by-item"
              data-order-id={by.Id}
              disabled={action.busy}
              onClick={() => void closeBy(by)}
            >
              <span className="num">#{by.Id}</span>
              <span className={`side-tag side-tag-${by.OrderType === Side.Buy ? 'buy' : 'sell'}`}>
                {t(sideKey(by))}
              </span>
              <span className="num">{t('orders.lots', { lots: by.Quantity })}</span>
              <span className="num close-by-price">{price(by.Price)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
