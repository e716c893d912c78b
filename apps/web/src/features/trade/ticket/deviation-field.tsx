import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../common/trading/field.tsx'
import { MAX_DEVIATION_POINTS, parseDeviation } from '../lib/order-check.ts'

/** What minus and plus move the deviation by: a pip of a five-decimal pair. */
const STEP_POINTS = 10

interface Props {
  value: string
  onChange: (text: string) => void
}

/**
 * A market order's maximum deviation in points (decision 023): how far the fill may be from the
 * price on the button before the server asks again (a requote). Whole points, typed or stepped.
 */
export function DeviationField({ value, onChange }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const points = parseDeviation(value) ?? 0
  return (
    <Field id={id} label={t('ticket.deviation')} inline className="deviation-field">
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-step"
          data-testid="order-deviation-minus"
          aria-label={t('orderForm.decrease')}
          disabled={points <= 0}
          onClick={() => onChange(String(Math.max(0, points - STEP_POINTS)))}
        >
          −
        </button>
        <input
          id={id}
          className="order-input lots-input num"
          data-testid="order-deviation"
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="lots-step"
          data-testid="order-deviation-plus"
          aria-label={t('orderForm.increase')}
          disabled={points >= MAX_DEVIATION_POINTS}
          onClick={() => onChange(String(Math.min(MAX_DEVIATION_POINTS, points + STEP_POINTS)))}
        >
          +
        </button>
      </div>
    </Field>
  )
}
