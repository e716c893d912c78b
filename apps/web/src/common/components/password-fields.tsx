import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from './text-field.tsx'

/** The longest password the server takes. */
const PASSWORD_MAX_LENGTH = 64

interface PasswordProps {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  testId: string
}

/** A password the user already has (signing in, or the current one before a change). */
export function CurrentPasswordField(props: PasswordProps) {
  return (
    <TextField {...props} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
  )
}

interface NewPasswordProps {
  /** The form's `useFields` values and setters, with `password` and `repeat` among them. */
  fields: {
    values: { password: string; repeat: string }
    set: (field: 'password' | 'repeat') => (value: string) => void
  }
  testIds: { password: string; repeat: string }
  /** The first field's label: "New password" unless told (signing up says "Password"). */
  label?: string
}

/** A new password with its rule as a hint, and the same typed again (sign-up, reset, change). */
export function NewPasswordFields({ fields, testIds, label }: NewPasswordProps) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={label ?? t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={t('auth.passwordPlaceholder')}
        hint={t('auth.passwordHint')}
        value={fields.values.password}
        onChange={fields.set('password')}
        testId={testIds.password}
      />
      <TextField
        label={t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={t('auth.repeatPasswordPlaceholder')}
        value={fields.values.repeat}
        onChange={fields.set('repeat')}
        testId={testIds.repeat}
      />
    </>
  )
}

interface CodeProps {
  value: string
  onChange: (value: string) => void
  testId: string
  /** The send-code button, or the captcha image when the code is a captcha's. */
  suffix: ReactNode
  /** A captcha's letters rather than a code sent by e-mail or SMS. */
  captcha?: boolean
  hint?: string
}

/** The one-time code sent to the user (or, on sign-up without codes, the captcha's letters). */
export function CodeField({ captcha = false, ...props }: CodeProps) {
  const { t } = useTranslation()
  return (
    <TextField
      {...props}
      label={captcha ? t('auth.captcha') : t('auth.code')}
      inputMode={captcha ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      maxLength={16}
      placeholder={captcha ? t('auth.captchaPlaceholder') : t('auth.codePlaceholder')}
    />
  )
}
