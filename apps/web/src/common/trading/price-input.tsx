import { decimalInput } from './decimal-input.ts'
import './order-fields.css'

interface Props {
  id: string
  value: string
  onChange: (text: string) => void
  testId: string
  placeholder?: string
}

/** A price as typed: decimal digits only, on the phone's number pad, read left to right. */
export function PriceInput({ id, value, onChange, testId, placeholder }: Props) {
  return (
    <input
      id={id}
      className="order-input num"
      data-testid={testId}
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(decimalInput(event.target.value))}
    />
  )
}
