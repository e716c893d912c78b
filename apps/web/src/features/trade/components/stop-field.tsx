import { useId } from 'react'
import { decimalInput } from '../../../shared/trading/decimal-input.ts'

interface Props {
  label: string
  on: boolean
  text: string
  placeholder: string
  onToggle: (on: boolean) => void
  onChange: (text: string) => void
  testId: 'order-sl' | 'order-tp'
}

/** A stop level with its box: the level is sent only while the box is ticked (SPEC.md 5). */
export function StopField({ label, on, text, placeholder, onToggle, onChange, testId }: Props) {
  const id = useId()
  return (
    <div className="stop-field">
      <label className="stop-check">
        <input
          type="checkbox"
          checked={on}
          data-testid={`${testId}-check`}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <input
        id={id}
        className="order-input stop-input num"
        data-testid={testId}
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        placeholder={placeholder}
        disabled={!on}
        value={text}
        onChange={(event) => onChange(decimalInput(event.target.value))}
      />
    </div>
  )
}
