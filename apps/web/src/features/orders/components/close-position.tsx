import type { TransOrder } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { LotsStepper } from '../../../common/trading/lots-stepper.tsx'
import { canClosePart, checkCloseLots, formatLots, lotRules } from '../../../common/trading/lots.ts'
import { closePosition } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'

interface Props {
  order: TransOrder
  /** The user asked to close the whole position: its FOREX_CLOSED, which may come first, is expected. */
  onClosing: (id: number) => void
  /** After a close, whole or in part: the lists reload from the start. */
  onFinished: () => void
}

/**
 * Closing a position at the market price: all of it, or a part of it (decision 018) when it holds
 * at least twice the minimum. The lots start at the whole position; fewer close a part, which the
 * button and the confirmation say.
 */
export function ClosePosition({ order, onClosing, onFinished }: Props) {
  const { t } = useTranslation()
  const instrument = order.ForexTradeLists as TransOrder['ForexTradeLists'] | undefined
  const rules = instrument ? lotRules(instrument) : null
  const splittable = rules !== null && canClosePart(order.Quantity, rules)
  const [lots, setLots] = useState(() => (rules ? formatLots(order.Quantity, rules) : String(order.Quantity)))
  const action = useOrderAction()
  const checked = splittable ? checkCloseLots(lots, rules, order.Quantity) : null
  const part = checked?.ok && !checked.value.whole ? checked.value.lots : null
  const held = rules ? formatLots(order.Quantity, rules) : String(order.Quantity)

  async function close() {
    if (action.busy) return
    if (checked && !checked.ok) return toastInfo(t(checked.problem.key, checked.problem.values))
    const confirmed = await Dialog.confirm({
      content: part ? t('orders.closePartConfirm', { lots: part, held }) : t('orders.closeConfirm'),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: (
        <span data-testid="detail-close-confirm">
          {part ? t('orders.closeTitle') : t('orders.closePosition')}
        </span>
      ),
      cancelText: t('common.back'),
    })
    if (!confirmed) return
    if (!part) onClosing(order.Id)
    // Taken or refused, the lists reload: a refusal may mean the position changed meanwhile.
    await action.run(() => closePosition(order.Id, part ?? undefined))
    onFinished()
  }

  return (
    <div className="detail-close">
      {splittable && (
        <>
          <h3 className="detail-section-title">{t('orders.closeTitle')}</h3>
          <LotsStepper
            value={lots}
            onChange={setLots}
            rules={{ ...rules, max: order.Quantity }}
            label={t('orders.closeLots')}
            hint={t('orders.closeLotsHint', { held, min: formatLots(rules.min, rules) })}
            testId="detail-close-lots"
          />
        </>
      )}
      <button
        type="button"
        className="detail-button detail-button-danger"
        data-testid="detail-close"
        disabled={action.busy}
        onClick={() => void close()}
      >
        {part ? t('orders.closePart', { lots: part }) : t('orders.closePosition')}
      </button>
    </div>
  )
}
