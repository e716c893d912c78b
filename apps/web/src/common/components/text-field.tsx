import { useId, useState, type HTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EyeIcon, EyeOffIcon } from './icons.tsx'

interface Props {
  label: string
  value: string
  onChange: (value: string) => void
  /** Set on the native <input> itself, so tests can fill it directly. */
  testId: string
  type?: 'text' | 'email' | 'password' | 'tel'
  placeholder?: string
  readOnly?: boolean
  autoComplete?: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  maxLength?: number
  /** Before the input, e.g. an area-code picker. */
  prefix?: ReactNode
  /** After the input, e.g. a send-code button or a captcha image. */
  suffix?: ReactNode
  hint?: string
}

/**
 * A labelled text input. It is a native <input> rather than antd-mobile's Input because that one
 * puts `data-*` attributes on its wrapper, not on the input that tests and password managers use.
 */
export function TextField(props: Props) {
  const { t } = useTranslation()
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const isPassword = props.type === 'password'
  const type = isPassword && revealed ? 'text' : (props.type ?? 'text')

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className={props.readOnly ? 'field-box field-box-readonly' : 'field-box'}>
        {props.prefix}
        <input
          id={id}
          className="field-input"
          data-testid={props.testId}
          type={type}
          value={props.value}
          placeholder={props.placeholder}
          readOnly={props.readOnly}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {isPassword && (
          <button
            type="button"
            className="field-icon-button"
            aria-label={revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        )}
        {props.suffix}
      </div>
      {props.hint && <p className="field-hint">{props.hint}</p>}
    </div>
  )
}
