import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { decimalInput } from './decimal-input.ts'
import { canDecrease, canIncrease, formatLots, stepLots, type LotRules } from './lots.ts'
import './order-fields.css'
import { Field } from './field.tsx'

interface Props {
  value: string
  onChange: (value: string) => void
  rules: LotRules
  /** The field's label and hint; by default those of lots to order. */
  label?: string
  hint?: string
  /** The test id of the field; its buttons add `-minus` and `-plus`. */
  testId?: string
}

/** Lots: a field with minus and plus, stepping by `Pip`; minus is off at the minimum (docs/product.md "Input rules"). */
export function LotsStepper({ value, onChange, rules, label, hint, testId = 'order-lots' }: Props) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <Field id={id} label={label ?? t('orderForm.lots')}>
      <div className="lots-stepper">
        <button
          type="button"
          className="lots-step"
          data-testid={`${testId}-minus`}
          aria-label={t('orderForm.decrease')}
          disabled={!canDecrease(value, rules)}
          onClick={() => onChange(stepLots(value, -1, rules))}
        >
          −
        </button>
        <input
          id={id}
          className="order-input lots-input num"
          data-testid={testId}
          inputMode="decimal"
          autoComplete="off"
          maxLength={11}
          value={value}
          onChange={(event) => onChange(decimalInput(event.target.value))}
        />
        <button
          type="button"
          className="lots-step"
          data-testid={`${testId}-plus`}
          aria-label={t('orderForm.increase')}
          disabled={!canIncrease(value, rules)}
          onClick={() => onChange(stepLots(value, 1, rules))}
        >
          +
        </button>
      </div>
      <p className="order-field-hint">
        {hint ??
          t('orderForm.lotsHint', {
            min: formatLots(rules.min, rules),
            max: formatLots(rules.max, rules),
            step: formatLots(rules.step, rules),
          })}
      </p>
    </Field>
  )
}
