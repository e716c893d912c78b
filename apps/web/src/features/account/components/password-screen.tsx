import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { sendEmailCode } from '../../../common/api/verification-code.ts'
import { Page } from '../../../common/components/page.tsx'
import { SendCodeButton } from '../../../common/components/send-code-button.tsx'
import {
  CodeField,
  CurrentPasswordField,
  NewPasswordFields,
} from '../../../common/components/password-fields.tsx'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { useFields } from '../../../common/hooks/use-fields.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { amendPassword } from '../api/account-api.ts'

/** "a***e@example.com": enough to recognise the address on a shared screen. */
function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@')
  if (!domain) return email
  const visible = name.length <= 2 ? name.slice(0, 1) : `${name.slice(0, 1)}***${name.slice(-1)}`
  return `${visible}@${domain}`
}

/**
 * /mine/password: the current password and a new one, confirmed by a code sent to the account's
 * e-mail when it has one. A forgotten current password goes through the reset (/forgot): a session
 * left open on a phone must not be enough to change it.
 */
export function PasswordScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const email = useSession((state) => state.user?.email ?? null)
  const { values, set } = useFields({ current: '', password: '', repeat: '', code: '' })
  const [busy, setBusy] = useState(false)

  async function sendCode(): Promise<boolean> {
    return email ? sendEmailCode(email, 2) : false
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!values.current || !values.password || !values.repeat || (email && !values.code.trim()))
      return toastInfo(t('auth.errors.fillCompletely'))
    if (values.password !== values.repeat) return toastInfo(t('auth.errors.passwordMismatch'))
    setBusy(true)
    try {
      const result = await amendPassword({
        old_password: values.current,
        new_password: values.password,
        re_password: values.repeat,
        ...(email ? { auth_code: values.code.trim() } : {}),
      })
      toastSuccess(result.msg)
      navigate('/user', { replace: true })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={t('pages.password')} backTo="/user">
      <form className="form-card" noValidate onSubmit={handleSubmit}>
        <CurrentPasswordField
          label={t('password.current')}
          placeholder={t('password.currentPlaceholder')}
          value={values.current}
          onChange={set('current')}
          testId="password-current"
        />
        <div className="auth-row-end">
          <Link className="text-link" to="/forgot" data-testid="password-to-forgot">
            {t('password.forgotCurrent')}
          </Link>
        </div>
        <NewPasswordFields
          fields={{ values, set }}
          testIds={{ password: 'password-new', repeat: 'password-repeat' }}
        />
        {email && (
          <CodeField
            hint={t('password.codeSentTo', { email: maskEmail(email) })}
            value={values.code}
            onChange={set('code')}
            testId="password-code"
            suffix={<SendCodeButton onSend={sendCode} testId="password-send-code" />}
          />
        )}
        <SubmitButton busy={busy} testId="password-submit">
          {t('common.confirm')}
        </SubmitButton>
      </form>
    </Page>
  )
}
