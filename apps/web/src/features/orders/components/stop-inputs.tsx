import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { PriceInput } from '../../../common/trading/price-input.tsx'
import { Field } from '../../../common/trading/field.tsx'
import { levelValues } from '../../../common/trading/stops.ts'

interface Props {
  stopLoss: string
  takeProfit: string
  onStopLoss: (text: string) => void
  onTakeProfit: (text: string) => void
  /** Test ids: `-sl` and `-tp` are added. */
  testId: string
  /** The instrument's stops level and precision: the least distance is stated while there is one. */
  stopsLevel: number
  precision: number
}

/** A price as the field shows it: empty for none. */
export const levelText = (value: number) => (value > 0 ? String(value) : '')

/** The stop-loss and take-profit fields of an order, side by side: empty or 0 is none. */
export function StopInputs({
  stopLoss,
  takeProfit,
  onStopLoss,
  onTakeProfit,
  testId,
  stopsLevel,
  precision,
}: Props) {
  const { t } = useTranslation()
  const slId = useId()
  const tpId = useId()
  const field = (
    id: string,
    label: string,
    value: string,
    onChange: (text: string) => void,
    suffix: string,
  ) => (
    <Field id={id} label={label}>
      <PriceInput
        id={id}
        testId={`${testId}-${suffix}`}
        placeholder={t('orders.none')}
        value={value}
        onChange={onChange}
      />
    </Field>
  )
  return (
    <>
      <div className="detail-stops-fields">
        {field(slId, t('orders.stopLoss'), stopLoss, onStopLoss, 'sl')}
        {field(tpId, t('orders.takeProfit'), takeProfit, onTakeProfit, 'tp')}
      </div>
      <p className="detail-hint">{t('orders.stopHint')}</p>
      {stopsLevel > 0 && (
        <p className="detail-hint" data-testid={`${testId}-stops-level`}>
          {t('stops.levelHint', levelValues(stopsLevel, precision))}
        </p>
      )}
    </>
  )
}
