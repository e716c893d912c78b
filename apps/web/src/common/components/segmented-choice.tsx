import type { ReactNode } from 'react'
import './segmented-choice.css'

interface Props<T extends string> {
  /** The radio group's name in the form, unique on the page. */
  name: string
  options: readonly { value: T; label: ReactNode }[]
  value: T
  onChange: (value: T) => void
  /** The group's visible title (a <legend>); without one, the options name themselves. */
  legend?: ReactNode
  className?: string
  /** Each option's input gets `${testIdPrefix}-${value}`. */
  testIdPrefix?: string
}

/**
 * One of a few choices as native radio buttons drawn as a segmented control: one tap, arrow keys
 * between the options, read by screen readers as a group of radio buttons (antd-mobile's Segmented
 * mixes a listbox with radio inputs, and its Selector cannot be reached with a keyboard).
 */
export function SegmentedChoice<T extends string>({
  name,
  options,
  value,
  onChange,
  legend,
  className,
  testIdPrefix,
}: Props<T>) {
  return (
    <fieldset className={className ? `segmented-choice ${className}` : 'segmented-choice'}>
      {legend !== undefined && <legend className="segmented-choice-legend">{legend}</legend>}
      <div className="segmented-choice-options">
        {options.map((option) => (
          <label key={option.value} className="segmented-choice-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              data-testid={testIdPrefix ? `${testIdPrefix}-${option.value}` : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
