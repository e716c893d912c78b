import type { TransOrder } from '@tp/contracts/light'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastInfo } from '../../../common/lib/toast.ts'
import { checkExpiry, expiryDraftOf } from '../../../common/trading/expiry.ts'
import { ExpiryField } from '../../../common/trading/expiry-field.tsx'
import { invalid, type Checked } from '../../../common/trading/problem.ts'
import { checkPendingDistance, checkStopPair, parsePriceText } from '../../../common/trading/stops.ts'
import { PriceInput } from '../../../common/trading/price-input.tsx'
import { Field } from '../../../common/trading/field.tsx'
import { modifyPending, type PendingTerms } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'
import { StopInputs, levelText } from './stop-inputs.tsx'

interface Props {
  order: TransOrder
  /** After the change was saved: the lists refresh in place. */
  onSaved: () => void
}

interface Typed {
  price: string
  stopLoss: string
  takeProfit: string
}

/**
 * The typed terms, or the first thing wrong by the shared stop rules (stops.ts): price (at least the stops
 * level from the market), stops (against the price, as far), expiry.
 */
function checkTerms(
  typed: Typed,
  expiry: Parameters<typeof checkExpiry>[0],
  order: TransOrder,
  nowMs: number,
): Checked<PendingTerms> {
  const precision = order.ForexTradeLists?.PricePrecision ?? 2
  const stopsLevel = order.ForexTradeLists?.StopsLevel || 0
  const price = parsePriceText(typed.price, precision)
  if (price === null) return invalid('orderForm.errors.priceInvalid', { decimals: precision })
  if (price === 0) return invalid('orderForm.errors.priceRequired')
  // A pending order's UpdatePrice is the market it waits on: the ask of a buy, the bid of a sell.
  const distance = checkPendingDistance(price, order.UpdatePrice, precision, stopsLevel)
  if (!distance.ok) return distance
  // Stops are judged against the price the order will open at, as when it was placed.
  const stops = checkStopPair(typed.stopLoss, typed.takeProfit, {
    side: order.OrderType,
    reference: price,
    precision,
    stopsLevel,
  })
  if (!stops.ok) return stops
  const expires = checkExpiry(expiry, nowMs)
  if (!expires.ok) return expires
  return {
    ok: true,
    value: {
      target_price: price,
      stop_loss_price: stops.value.stopLoss,
      target_profit_price: stops.value.takeProfit,
      ...expires.value,
    },
  }
}

/** A pending order's price, stops and expiry, editable (issue 13, order management). */
export function PendingEditor({ order, onSaved }: Props) {
  const { t } = useTranslation()
  const priceId = useId()
  const [typed, setTyped] = useState<Typed>({
    price: levelText(order.OriginPrice),
    stopLoss: levelText(order.TargetLossPrice),
    takeProfit: levelText(order.TargetProfitPrice),
  })
  const [expiry, setExpiry] = useState(() => expiryDraftOf(order.ExpireTimeHandler ?? ''))
  const [openedAt] = useState(() => Date.now())
  const action = useOrderAction()
  const type = (patch: Partial<Typed>) => setTyped((current) => ({ ...current, ...patch }))

  async function save() {
    const terms = checkTerms(typed, expiry, order, Date.now())
    if (!terms.ok) return toastInfo(t(terms.problem.key, terms.problem.values))
    if (await action.run(() => modifyPending(order.Id, terms.value))) onSaved()
  }

  return (
    <div className="detail-stops">
      <h3 className="detail-section-title">{t('orders.editPending')}</h3>
      <Field id={priceId} label={t('orders.targetPrice')} className="detail-pending-price">
        <PriceInput
          id={priceId}
          testId="detail-pending-price"
          value={typed.price}
          onChange={(price) => type({ price })}
        />
      </Field>
      <StopInputs
        stopLoss={typed.stopLoss}
        takeProfit={typed.takeProfit}
        onStopLoss={(stopLoss) => type({ stopLoss })}
        onTakeProfit={(takeProfit) => type({ takeProfit })}
        testId="detail-pending"
        stopsLevel={order.ForexTradeLists?.StopsLevel || 0}
        precision={order.ForexTradeLists?.PricePrecision ?? 2}
      />
      <ExpiryField value={expiry} onChange={setExpiry} nowMs={openedAt} testId="detail-pending-expiry" />
      <button
        type="button"
        className="detail-button detail-button-primary detail-pending-save"
        data-testid="detail-pending-save"
        disabled={action.busy}
        onClick={() => void save()}
      >
        {t('orders.savePending')}
      </button>
    </div>
  )
}
