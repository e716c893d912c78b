import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { sendEmailCode, sendSmsCode } from '../../../common/api/verification-code.ts'
import { SendCodeButton } from '../../../common/components/send-code-button.tsx'
import { CodeField, NewPasswordFields } from '../../../common/components/password-fields.tsx'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { useFields } from '../../../common/hooks/use-fields.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { forgetPassword } from '../api/auth-api.ts'
import { useAccountMode } from '../hooks/use-account-mode.ts'
import { useFrom } from '../hooks/use-sign-in.ts'
import { passwordFormProblem } from '../utils/validate.ts'
import { AccountField, AccountModeSwitch } from './account-field.tsx'
import { AuthPage } from './auth-page.tsx'

export function ForgotScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { fromQuery } = useFrom()
  const { values, set, setValues } = useFields({ account: '', code: '', password: '', repeat: '' })
  // A code sent to the e-mail address does not belong to a phone number: a switch starts afresh.
  const account = useAccountMode({ onSwitch: () => setValues((v) => ({ ...v, account: '', code: '' })) })
  const mobile = account.mode === 'mobile'
  const [busy, setBusy] = useState(false)

  async function sendCode(): Promise<boolean> {
    const to = values.account.trim()
    if (!to) {
      toastInfo(t(mobile ? 'auth.errors.mobileRequired' : 'auth.errors.emailRequired'))
      return false
    }
    if (!mobile) return sendEmailCode(to, 2)
    if (account.areaId === undefined) {
      toastInfo(t('auth.errors.areaRequired'))
      return false
    }
    return sendSmsCode(to, account.areaId, 2)
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problem = passwordFormProblem(
      [values.account, values.code, values.password, values.repeat],
      values.password,
      values.repeat,
    )
    if (problem) return toastInfo(t(problem))
    setBusy(true)
    try {
      const result = await forgetPassword({
        type: account.mode,
        account: values.account.trim(),
        area_id: mobile ? account.areaId : undefined,
        new_password: values.password,
        secondary_password: values.repeat,
        auth_code: values.code.trim(),
      })
      toastSuccess(result.msg)
      navigate(`/login${fromQuery}`, { replace: true })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthPage title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} backTo={`/login${fromQuery}`}>
      <form className="auth-form" noValidate onSubmit={handleSubmit}>
        {account.mobileAllowed && <AccountModeSwitch mode={account.mode} onChange={account.setMode} />}
        <AccountField
          mode={account.mode}
          value={values.account}
          onChange={set('account')}
          areas={account.areas}
          areaId={account.areaId}
          onAreaChange={account.setAreaId}
          testIds={{ email: 'forgot-email', mobile: 'forgot-mobile', area: 'forgot-area' }}
        />
        <CodeField
          value={values.code}
          onChange={set('code')}
          testId="forgot-code"
          suffix={<SendCodeButton onSend={sendCode} testId="forgot-send-code" />}
        />
        <NewPasswordFields
          fields={{ values, set }}
          testIds={{ password: 'forgot-password', repeat: 'forgot-repassword' }}
        />
        <SubmitButton busy={busy} testId="forgot-submit">
          {t('auth.resetPassword')}
        </SubmitButton>
      </form>
    </AuthPage>
  )
}
