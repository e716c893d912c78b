import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../../../common/lib/money.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { formatProfit, localTime, outcomeKey, profitDirection } from '../lib/deals.ts'
import { closedPips, formatPips } from '../lib/pips.ts'
import { sideKey } from '../../../common/trading/side-name.ts'
import { followOf, useFollows } from '../../../common/copy/follows.ts'

interface Props {
  order: TransOrder
  onOpen: (id: number) => void
}

/** A copied order's mark: the trader it copies (from the client's follows, once loaded). */
function CopyTag({ followId }: { followId: number }) {
  const { t } = useTranslation()
  const follows = useFollows()
  const leader = followOf(follows.data, followId)?.leader.user
  return (
    <span className="order-row-line order-row-copy" data-testid={`order-copy-${followId}`}>
      <span className="copy-tag">{leader ? t('orders.copiedFrom', { leader }) : t('orders.copied')}</span>
    </span>
  )
}

/** One order of a tab: instrument, side, lots and leverage, prices, profit; a tap opens its details. */
export const OrderRow = memo(function OrderRow({ order, onOpen }: Props) {
  const { t } = useTranslation()
  const precision = order.ForexTradeLists?.PricePrecision ?? 2
  const price = (value: number) => (value > 0 ? formatPrice(value, precision) : '--')
  const buy = order.OrderType === Side.Buy
  const holding = order.Status === OrderStatus.Holding
  const pending = order.Status === OrderStatus.Pending
  // A pending order that ended without filling: cancelled or expired.
  const cancelled = order.Status === OrderStatus.Cancelled || order.Status === OrderStatus.Expired
  const pips = closedPips(order)

  let prices
  if (pending) {
    prices = (
      <>
        {t('orders.targetPrice')} <span className="num">{price(order.OriginPrice)}</span> ·{' '}
        {t('orders.currentPrice')} <span className="num">{price(order.UpdatePrice)}</span>
      </>
    )
  } else if (cancelled) {
    prices = (
      <>
        {t('orders.targetPrice')} <span className="num">{price(order.OriginPrice)}</span>
      </>
    )
  } else {
    // Open price, then current: left to right in every language, as figures read (an arrow in a
    // right-to-left line would point from the current price back to the open one).
    prices = (
      <span className="price-path">
        <span className="num">{price(order.Price || order.OriginPrice)}</span>
        <span aria-hidden="true"> → </span>
        <span className="num">{price(order.UpdatePrice)}</span>
      </span>
    )
  }

  return (
    <button
      type="button"
      className="order-row"
      data-testid={`order-row-${order.Id}`}
      onClick={() => onOpen(order.Id)}
    >
      <span className="order-row-line">
        <span className="order-row-title">
          <bdi className="order-row-code">{order.ForexTradeLists?.ShowCode ?? order.ForexId}</bdi>
          <span className={`side-tag side-tag-${buy ? 'buy' : 'sell'}`}>{t(sideKey(order))}</span>
          <span className="order-row-meta">
            {t('orders.lots', { lots: order.Quantity })} · <span className="num">{order.Multiple}x</span>
          </span>
        </span>
        {pending || cancelled ? (
          <span className="order-row-status">{pending ? t('orders.waiting') : t('orders.cancelled')}</span>
        ) : (
          <span
            className={`order-row-profit num change-${profitDirection(order.FactProfits)}`}
            data-testid={`order-profit-${order.Id}`}
          >
            {formatProfit(order.FactProfits)}
          </span>
        )}
      </span>
      <span className="order-row-line order-row-sub">
        {/* Open -> current reads left to right in every language, like the numbers themselves. */}
        <span className={pending || cancelled ? 'order-row-prices' : 'order-row-prices num'}>{prices}</span>
        {holding && (
          // Each label stays with its price; the pair wraps below the prices when the words are long.
          <span className="order-row-stops">
            <span className="order-row-stop">
              {t('orders.slShort')}{' '}
              <span className="num" data-testid={`order-sl-${order.Id}`}>
                {price(order.TargetLossPrice)}
              </span>
            </span>
            <span className="order-row-stop">
              {t('orders.tpShort')}{' '}
              <span className="num" data-testid={`order-tp-${order.Id}`}>
                {price(order.TargetProfitPrice)}
              </span>
            </span>
          </span>
        )}
      </span>
      <span className="order-row-line order-row-sub">
        {/* A date as the language writes it (an Arabic date reads right to left), not forced left to right. */}
        <bdi>{localTime(order.CompleteTimeHandler || order.CreateTimeHandler)}</bdi>
        {!holding && !pending && !cancelled && (
          <span>
            {t(outcomeKey(order), { id: order.CloseById })} · {t('orders.fee')}{' '}
            <span className="num" data-testid={`order-fee-${order.Id}`}>
              {formatAmount(order.TradeFee, 2)}
            </span>
            {pips !== undefined && (
              <>
                {' · '}
                <span className="order-row-pips" data-testid={`order-pips-${order.Id}`}>
                  {t('orders.pips', { pips: formatPips(pips) })}
                </span>
              </>
            )}
          </span>
        )}
        {(holding || pending) && <span className="num">#{order.Id}</span>}
      </span>
      {order.FollowId > 0 && <CopyTag followId={order.FollowId} />}
    </button>
  )
})
