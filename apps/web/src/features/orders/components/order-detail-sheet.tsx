import { OrderStatus, Side, type TransOrder } from '@tp/contracts'
import { Popup } from 'antd-mobile'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../shared/lib/antd-dialog.ts'
import { formatAmount } from '../../../shared/lib/money.ts'
import { toastInfo, toastSuccess } from '../../../shared/lib/toast.ts'
import { formatPrice } from '../../../shared/market/format.ts'
import { decimalInput } from '../../../shared/trading/decimal-input.ts'
import { checkStop } from '../../../shared/trading/stops.ts'
import '../../../shared/trading/order-fields.css'
import { cancelPending, saveStops } from '../api/orders-api.ts'
import { formatProfit, localTime, outcomeKey, profitDirection } from '../lib/deals.ts'
import { ClosePosition } from './close-position.tsx'

interface Props {
  /** The order shown, with its live mark; null closes the sheet. */
  order: TransOrder | null
  onClose: () => void
  /** After a close (whole or in part) or cancel: the lists reload from the start. */
  onFinished: () => void
  /** The user asked to close this position: its FOREX_CLOSED, which may come first, is expected. */
  onClosing: (id: number) => void
  /** After new stops were saved: the lists refresh in place. */
  onStopsSaved: () => void
}

const levelText = (value: number) => (value > 0 ? String(value) : '')

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

/** The stop-loss and take-profit of a position, editable: empty or 0 removes one. */
function StopsEditor({ order, onSaved }: { order: TransOrder; onSaved: () => void }) {
  const { t } = useTranslation()
  const slId = useId()
  const tpId = useId()
  const [stopLoss, setStopLoss] = useState(levelText(order.TargetLossPrice))
  const [takeProfit, setTakeProfit] = useState(levelText(order.TargetProfitPrice))
  const [busy, setBusy] = useState(false)
  const precision = order.ForexTradeLists?.PricePrecision ?? 2

  async function save() {
    if (busy) return
    // The live mark is the price the position closes at, which the server checks the stops against.
    const rules = { side: order.OrderType, reference: order.UpdatePrice, precision }
    const sl = checkStop('stopLoss', stopLoss, rules)
    if (!sl.ok) return toastInfo(t(sl.problem.key, sl.problem.values))
    const tp = checkStop('takeProfit', takeProfit, rules)
    if (!tp.ok) return toastInfo(t(tp.problem.key, tp.problem.values))
    setBusy(true)
    try {
      const result = await saveStops(order.Id, sl.value, tp.value)
      toastSuccess(result.msg)
      onSaved()
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="detail-stops">
      <h3 className="detail-section-title">{t('orders.editStops')}</h3>
      <div className="detail-stops-fields">
        <div className="order-field">
          <label className="order-field-label" htmlFor={slId}>
            {t('orders.stopLoss')}
          </label>
          <input
            id={slId}
            className="order-input num"
            data-testid="detail-sl"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            placeholder={t('orders.none')}
            value={stopLoss}
            onChange={(event) => setStopLoss(decimalInput(event.target.value))}
          />
        </div>
        <div className="order-field">
          <label className="order-field-label" htmlFor={tpId}>
            {t('orders.takeProfit')}
          </label>
          <input
            id={tpId}
            className="order-input num"
            data-testid="detail-tp"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            placeholder={t('orders.none')}
            value={takeProfit}
            onChange={(event) => setTakeProfit(decimalInput(event.target.value))}
          />
        </div>
      </div>
      <p className="detail-hint">{t('orders.stopHint')}</p>
      <button
        type="button"
        className="detail-button detail-button-primary"
        data-testid="detail-save"
        disabled={busy}
        onClick={() => void save()}
      >
        {t('orders.save')}
      </button>
    </div>
  )
}

function DetailBody({
  order,
  onFinished,
  onClosing,
  onStopsSaved,
}: Omit<Props, 'order' | 'onClose'> & { order: TransOrder }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const precision = order.ForexTradeLists?.PricePrecision ?? 2
  const price = (value: number) => (value > 0 ? formatPrice(value, precision) : t('orders.none'))
  const buy = order.OrderType === Side.Buy
  const holding = order.Status === OrderStatus.Holding
  const pending = order.Status === OrderStatus.Pending
  const finished = !holding && !pending
  // A pending or cancelled order never opened: it has a price it asked for, no fill, no profit.
  const unfilled = pending || order.Status === OrderStatus.Cancelled

  async function cancel() {
    if (busy) return
    const confirmed = await Dialog.confirm({
      content: t('orders.cancelConfirm'),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: <span data-testid="detail-cancel-confirm">{t('orders.cancelOrder')}</span>,
      cancelText: t('common.back'),
    })
    if (!confirmed) return
    setBusy(true)
    try {
      const result = await cancelPending(order.Id)
      toastSuccess(result.msg)
    } catch {
      // The API client has shown the server's message; the lists reload in case it changed meanwhile.
    } finally {
      setBusy(false)
      onFinished()
    }
  }

  return (
    <div className="order-detail" data-testid="order-detail" data-order-id={order.Id}>
      <header className="detail-header">
        <bdi className="detail-code">{order.ForexTradeLists?.ShowCode ?? order.ForexId}</bdi>
        <span className={`side-tag side-tag-${buy ? 'buy' : 'sell'}`}>
          {buy ? t('orderForm.buy') : t('orderForm.sell')}
        </span>
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
        <Item label={t('orders.margin')}>{formatAmount(order.CautionMoney, 6)}</Item>
        <Item label={t('orders.fee')}>{formatAmount(order.TradeFee, 6)}</Item>
        <Item label={t('orders.stopLoss')} testId="detail-sl-saved">
          {price(order.TargetLossPrice)}
        </Item>
        <Item label={t('orders.takeProfit')} testId="detail-tp-saved">
          {price(order.TargetProfitPrice)}
        </Item>
        <Item label={unfilled ? t('orders.placeTime') : t('orders.openTime')} date>
          {localTime(order.CreateTimeHandler)}
        </Item>
        {finished && (
          <>
            <Item label={t('orders.closeTime')} date>
              {localTime(order.CompleteTimeHandler)}
            </Item>
            <Item label={t('orders.status')}>{t(outcomeKey(order))}</Item>
          </>
        )}
      </dl>
      {holding && <StopsEditor key={order.Id} order={order} onSaved={onStopsSaved} />}
      {holding && (
        <ClosePosition key={order.Id} order={order} onClosing={onClosing} onFinished={onFinished} />
      )}
      {pending && (
        <button
          type="button"
          className="detail-button detail-button-danger"
          data-testid="detail-cancel"
          disabled={busy}
          onClick={() => void cancel()}
        >
          {t('orders.cancelOrder')}
        </button>
      )}
    </div>
  )
}

/** The detail sheet of an order (SPEC.md 2 and 4): stops, close whole or in part (holding) and cancel (pending). */
export function OrderDetailSheet({ order, onClose, onFinished, onClosing, onStopsSaved }: Props) {
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
        <DetailBody order={shown} onFinished={onFinished} onClosing={onClosing} onStopsSaved={onStopsSaved} />
      )}
    </Popup>
  )
}
