import type { TransOrder } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastInfo } from '../../../common/lib/toast.ts'
import { checkStopPair } from '../../../common/trading/stops.ts'
import { saveStops } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'
import { StopInputs, levelText } from './stop-inputs.tsx'

/** The stop-loss and take-profit of a position, editable: empty or 0 removes one. */
export function StopsEditor({ order, onSaved }: { order: TransOrder; onSaved: () => void }) {
  const { t } = useTranslation()
  // What the user typed; a field not typed in shows the order's stop as it is now (a trailing stop
  // moves it), and is sent as it is now.
  const [typed, setTyped] = useState<{ stopLoss?: string; takeProfit?: string }>({})
  const stopLoss = typed.stopLoss ?? levelText(order.TargetLossPrice)
  const takeProfit = typed.takeProfit ?? levelText(order.TargetProfitPrice)
  const action = useOrderAction()
  const precision = order.ForexTradeLists?.PricePrecision ?? 2
  const stopsLevel = order.ForexTradeLists?.StopsLevel || 0

  async function save() {
    // The live mark is the price the position closes at, which the server checks the stops against
    // (at least the stops level away).
    const rules = { side: order.OrderType, reference: order.UpdatePrice, precision, stopsLevel }
    const stops = checkStopPair(stopLoss, takeProfit, rules)
    if (!stops.ok) return toastInfo(t(stops.problem.key, stops.problem.values))
    if (await action.run(() => saveStops(order.Id, stops.value.stopLoss, stops.value.takeProfit))) {
      setTyped({})
      onSaved()
    }
  }

  return (
    <div className="detail-stops">
      <h3 className="detail-section-title">{t('orders.editStops')}</h3>
      <StopInputs
        stopLoss={stopLoss}
        takeProfit={takeProfit}
        onStopLoss={(text) => setTyped((current) => ({ ...current, stopLoss: text }))}
        onTakeProfit={(text) => setTyped((current) => ({ ...current, takeProfit: text }))}
        testId="detail"
        stopsLevel={stopsLevel}
        precision={precision}
      />
      <button
        type="button"
        className="detail-button detail-button-primary"
        data-testid="detail-save"
        disabled={action.busy}
        onClick={() => void save()}
      >
        {t('orders.save')}
      </button>
    </div>
  )
}
