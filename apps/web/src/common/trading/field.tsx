import type { ReactNode } from 'react'
import './order-fields.css'

interface Props {
  /** The id of the control the label names. */
  id: string
  label: ReactNode
  /** The label beside the control rather than above it. */
  inline?: boolean
  className?: string
  /** The control, and a hint below it if any. */
  children: ReactNode
}

/** A labelled field of an order form: the ticket, the detail sheet's editors, the alerts form. */
export function Field({ id, label, inline = false, className, children }: Props) {
  const classes = ['order-field', inline ? 'order-field-inline' : '', className ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className={classes}>
      <label className="order-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  )
}
