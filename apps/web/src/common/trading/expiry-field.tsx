import { ExpiryType, type ExpiryTypeValue } from '@tp/contracts/light'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../lib/datetime.ts'
import { localInputText, todayEndsAt, type ExpiryDraft } from './expiry.ts'
import './order-fields.css'
import { Field } from './field.tsx'

interface Props {
  value: ExpiryDraft
  onChange: (value: ExpiryDraft) => void
  /** The clock the choices are shown against (the form's render time). */
  nowMs: number
  /** Test ids: `-type` for the choice, `-time` for the picked time. */
  testId: string
}

const CHOICES: readonly { type: ExpiryTypeValue; key: string }[] = [
  { type: ExpiryType.GoodTillCancelled, key: 'expiry.goodTillCancelled' },
  { type: ExpiryType.Today, key: 'expiry.today' },
  { type: ExpiryType.Specified, key: 'expiry.specified' },
]

/**
 * A pending order's expiry: good till cancelled, today (to the end of the UTC day, whose local time
 * it shows), or a date and time picked with the phone's own picker.
 */
export function ExpiryField({ value, onChange, nowMs, testId }: Props) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <Field id={id} label={t('expiry.label')} inline className="expiry-field">
      <div className="expiry-controls">
        <select
          id={id}
          className="order-input expiry-choice"
          data-testid={`${testId}-type`}
          value={value.type}
          onChange={(event) => onChange({ ...value, type: Number(event.target.value) as ExpiryTypeValue })}
        >
          {CHOICES.map((choice) => (
            <option key={choice.type} value={choice.type}>
              {t(choice.key)}
            </option>
          ))}
        </select>
        {value.type === ExpiryType.Specified && (
          <input
            type="datetime-local"
            className="order-input expiry-time num"
            data-testid={`${testId}-time`}
            aria-label={t('expiry.specified')}
            min={localInputText(nowMs)}
            value={value.local}
            onChange={(event) => onChange({ ...value, local: event.target.value })}
          />
        )}
        {value.type === ExpiryType.Today && (
          <span className="order-field-hint expiry-until" data-testid={`${testId}-until`}>
            {t('expiry.until', { time: formatDateTime(todayEndsAt(nowMs)) })}
          </span>
        )}
      </div>
    </Field>
  )
}
