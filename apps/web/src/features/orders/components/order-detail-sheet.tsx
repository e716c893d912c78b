import { OrderStatus, Side, type TransOrder } from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { formatAmount } from '../../../common/lib/money.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { cancelPending } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'
import { formatProfit, localTime, outcomeKey, profitDirection } from '../lib/deals.ts'
import { sideKey } from '../../../common/trading/side-name.ts'
import { CloseBy } from './close-by.tsx'
import { ClosePosition } from './close-position.tsx'
import { PendingEditor } from './pending-editor.tsx'
import { StopsEditor } from './stops-editor.tsx'
import { TrailingEditor } from './trailing-editor.tsx'

interface Props {
  /** The order shown, with its live mark; null closes the sheet. */
  order: TransOrder | null
  onClose: () => void
  /** After a close (whole or in part) or cancel: the lists reload from the start. */
  onFinished: () => void
  /** The user asked to close this position: its FOREX_CLOSED, which may come first, is expected. */
  onClosing: (id: number) => void
  /** After new stops or pending terms were saved: the lists refresh in place. */
  onChanged: () => void
}

/** A label and its value; `date` values keep the language's own direction (an Arabic date is RTL). */
function Item({
  label,
  children,
  testId,
  date = false,
}: {
  label: string
  children: ReactNode
  testId?: string
  date?: boolean
}) {
  return (
    <div className="detail-item">
      <dt>{label}</dt>
      <dd>
        {date ? (
          <bdi data-testid={testId}>{children}</bdi>
        ) : (
          <span className="num" data-testid={testId}>
            {children}
          </span>
        )}
      </dd>
    </div>
  )
}

function DetailBody({
  order,
  onFinished,
  onClosing,
  onChanged,
}: Omit<Props, 'order' | 'onClose'> & { order: TransOrder }) {
  const { t } = useTranslation()
  const action = useOrderAction()
  const precision = order.ForexTradeLists?.PricePrecision ?? 2
  const price = (value: number) => (value > 0 ? formatPrice(value, precision) : t('orders.none'))
  const buy = order.OrderType === Side.Buy
  const holding = order.Status === OrderStatus.Holding
  const pending = order.Status === OrderStatus.Pending
  const finished = !holding && !pending
  // A pending or cancelled order never opened: it has a price it asked for, no fill, no profit.
  const unfilled = pending || order.Status === OrderStatus.Cancelled || order.Status === OrderStatus.Expired

  async function cancel() {
    if (action.busy) return
    const confirmed = await Dialog.confirm({
      content: t('orders.cancelConfirm'),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: <span data-testid="detail-cancel-confirm">{t('orders.cancelOrder')}</span>,
      cancelText: t('common.back'),
    })
    if (!confirmed) return
    // Taken or refused, the lists reload: a refusal may mean the order changed meanwhile.
    await action.run(() => cancelPending(order.Id))
    onFinished()
  }

  return (
    <div className="order-detail" data-testid="order-detail" data-order-id={order.Id}>
      <header className="detail-header">
        <bdi className="detail-code">{order.ForexTradeLists?.ShowCode ?? order.ForexId}</bdi>
        <span className={`side-tag side-tag-${buy ? 'buy' : 'sell'}`}>{t(sideKey(order))}</span>
        {!unfilled && (
          <span
            className={`detail-profit num change-${profitDirection(order.FactProfits)}`}
            data-testid="detail-profit"
          >
            {formatProfit(order.FactProfits)}
          </span>
        )}
      </header>
      <dl className="detail-grid">
        <Item label={t('orders.orderNo')}>{order.Id}</Item>
        <Item label={t('orders.quantity')}>{order.Quantity}</Item>
        <Item label={t('orders.leverage')}>{order.Multiple}x</Item>
        {unfilled ? (
          <Item label={t('orders.targetPrice')}>{price(order.OriginPrice)}</Item>
        ) : (
          <Item label={t('orders.openPrice')}>{price(order.Price)}</Item>
        )}
        {(pending || !unfilled) && (
          <Item label={finished ? t('orders.closePrice') : t('orders.currentPrice')} testId="detail-price">
            {price(order.UpdatePrice)}
          </Item>
        )}
        <Item label={t('orders.margin')}>{formatAmount(order.CautionMoney, 2)}</Item>
        <Item label={t('orders.fee')}>{formatAmount(order.TradeFee, 2)}</Item>
        {!unfilled && (
          <Item label={t('orders.swap')} testId="detail-swap">
            {formatAmount(order.Swap, 2)}
          </Item>
        )}
        <Item label={t('orders.stopLoss')} testId="detail-sl-saved">
          {price(order.TargetLossPrice)}
        </Item>
        <Item label={t('orders.takeProfit')} testId="detail-tp-saved">
          {price(order.TargetProfitPrice)}
        </Item>
        {order.TrailingStop > 0 && (
          <Item label={t('orders.trailing')} testId="detail-trailing-saved">
            {t('orders.points', { points: order.TrailingStop })}
          </Item>
        )}
        <Item label={unfilled ? t('orders.placeTime') : t('orders.openTime')} date>
          {localTime(order.CreateTimeHandler)}
        </Item>
        {unfilled && (
          <Item label={t('expiry.expires')} testId="detail-expires" date>
            {order.ExpireTimeHandler ? localTime(order.ExpireTimeHandler) : t('expiry.goodTillCancelled')}
          </Item>
        )}
        {finished && (
          <>
            <Item label={t('orders.closeTime')} date>
              {localTime(order.CompleteTimeHandler)}
            </Item>
            <Item label={t('orders.status')} testId="detail-outcome">
              {t(outcomeKey(order), { id: order.CloseById })}
            </Item>
          </>
        )}
      </dl>
      {holding && <StopsEditor key={order.Id} order={order} onSaved={onChanged} />}
      {holding && <TrailingEditor key={`${order.Id}-trailing`} order={order} onSaved={onChanged} />}
      {pending && <PendingEditor key={order.Id} order={order} onSaved={onChanged} />}
      {holding && (
        <ClosePosition key={order.Id} order={order} onClosing={onClosing} onFinished={onFinished} />
      )}
      {holding && (
        <CloseBy key={`${order.Id}-by`} order={order} onClosing={onClosing} onFinished={onFinished} />
      )}
      {pending && (
        <button
          type="button"
          className="detail-button detail-button-danger"
          data-testid="detail-cancel"
          disabled={action.busy}
          onClick={() => void cancel()}
        >
          {t('orders.cancelOrder')}
        </button>
      )}
    </div>
  )
}

/** The detail sheet of an order (docs/product.md "Screens" and "States"): stops, close whole or in part or by an opposite position (holding) and cancel (pending). */
export function OrderDetailSheet({ order, onClose, onFinished, onClosing, onChanged }: Props) {
  const { t } = useTranslation()
  // The last order shown stays in the sheet while it slides away.
  const [shown, setShown] = useState(order)
  if (order !== null && order !== shown) setShown(order)
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="order-detail-popup"
      destroyOnClose
    >
      <h2 className="detail-title">{t('orders.detailTitle')}</h2>
      {shown && (
        <DetailBody order={shown} onFinished={onFinished} onClosing={onClosing} onChanged={onChanged} />
      )}
    </Popup>
  )
}
