import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { decimalInput } from '../../../shared/trading/decimal-input.ts'
import { canDecrease, canIncrease, formatLots, stepLots, type LotRules } from '../lib/lots.ts'

interface Props {
  value: string
  onChange: (value: string) => void
  rules: LotRules
}

/** Lots: a field with minus and plus, stepping by `Pip`; minus is off at the minimum (SPEC.md 5). */
export function LotsStepper({ value, onChange, rules }: Props) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="order-field">
      <label className="order-field-label" htmlFor={id}>
        {t('orderForm.lots')}
      </label>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-step"
          data-testid="order-lots-minus"
          aria-label={t('orderForm.decrease')}
          disabled={!canDecrease(value, rules)}
          onClick={() => onChange(stepLots(value, -1, rules))}
        >
          −
        </button>
        <input
          id={id}
          className="order-input lots-input num"
          data-testid="order-lots"
          inputMode="decimal"
          autoComplete="off"
          maxLength={11}
          value={value}
          onChange={(event) => onChange(decimalInput(event.target.value))}
        />
        <button
          type="button"
          className="lots-step"
          data-testid="order-lots-plus"
          aria-label={t('orderForm.increase')}
          disabled={!canIncrease(value, rules)}
          onClick={() => onChange(stepLots(value, 1, rules))}
        >
          +
        </button>
      </div>
      <p className="order-field-hint">
        {t('orderForm.lotsHint', {
          min: formatLots(rules.min, rules),
          max: formatLots(rules.max, rules),
          step: formatLots(rules.step, rules),
        })}
      </p>
    </div>
  )
}
