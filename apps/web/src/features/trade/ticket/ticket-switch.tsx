import { Switch } from 'antd-mobile'
import type { KeyboardEvent } from 'react'

interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  testId: string
  disabled?: boolean
}

/**
 * antd-mobile's Switch, named and usable from the keyboard: its role="switch" element takes focus
 * and Space or Enter toggles it (the component itself only listens to clicks).
 */
export function TicketSwitch({ checked, onChange, label, testId, disabled = false }: Props) {
  function onKeyDown(event: KeyboardEvent<HTMLSpanElement>) {
    if (disabled || (event.key !== ' ' && event.key !== 'Enter')) return
    event.preventDefault()
    onChange(!checked)
  }
  return (
    <span className="ticket-switch" onKeyDown={onKeyDown}>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        tabIndex={disabled ? -1 : 0}
        data-testid={testId}
      />
    </span>
  )
}
