import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useBasicInfo } from '../../../common/api/basic-info.ts'
import { sendEmailCode, sendSmsCode } from '../../../common/api/verification-code.ts'
import { SendCodeButton } from '../../../common/components/send-code-button.tsx'
import { TextField } from '../../../common/components/text-field.tsx'
import { CodeField, NewPasswordFields } from '../../../common/components/password-fields.tsx'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { useFields } from '../../../common/hooks/use-fields.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { login, register } from '../api/auth-api.ts'
import { useAccountMode } from '../hooks/use-account-mode.ts'
import { useCaptcha } from '../hooks/use-captcha.ts'
import { useCompleteSignIn, useFrom } from '../hooks/use-sign-in.ts'
import { passwordFormProblem } from '../utils/validate.ts'
import { AccountField, AccountModeSwitch } from './account-field.tsx'
import { AuthPage } from './auth-page.tsx'
import { CaptchaImage } from './captcha-image.tsx'
import { LegalConsent, legalVersions, useRegistrationDocuments } from './legal-consent.tsx'
import '../../../common/legal/legal.css'

/** Registration verification type 2: an image captcha instead of an e-mail or SMS code. */
const VERIFY_BY_CAPTCHA = 2

export function RegisterScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { fromQuery } = useFrom()
  const givenInvite = params.get('invite_code')?.trim() ?? ''
  const byCaptcha = useBasicInfo().data?.verify_reg_type === VERIFY_BY_CAPTCHA
  const captcha = useCaptcha(byCaptcha)
  const { values, set, setValues } = useFields({
    account: '',
    code: '',
    password: '',
    repeat: '',
    invite: givenInvite,
  })
  // A code sent to the e-mail address does not belong to a phone number: a switch starts afresh.
  const account = useAccountMode({ onSwitch: () => setValues((v) => ({ ...v, account: '', code: '' })) })
  const mobile = account.mode === 'mobile'
  const completeSignIn = useCompleteSignIn()
  const [busy, setBusy] = useState(false)
  // The legal documents a newcomer accepts (decision 045); none to show if they could not be read.
  const documents = useRegistrationDocuments() ?? []
  const [accepted, setAccepted] = useState(false)

  async function sendCode(): Promise<boolean> {
    const to = values.account.trim()
    if (!to) {
      toastInfo(t(mobile ? 'auth.errors.mobileRequired' : 'auth.errors.emailRequired'))
      return false
    }
    if (!mobile) return sendEmailCode(to, 1)
    if (account.areaId === undefined) {
      toastInfo(t('auth.errors.areaRequired'))
      return false
    }
    return sendSmsCode(to, account.areaId, 1)
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problem =
      mobile && account.areaId === undefined
        ? 'auth.errors.fillCompletely'
        : passwordFormProblem(
            [values.account, values.code, values.password, values.repeat],
            values.password,
            values.repeat,
          )
    if (problem) return toastInfo(t(problem))
    if (documents.length > 0 && !accepted) return toastInfo(t('legal.mustAccept'))
    const accountValue = values.account.trim()
    setBusy(true)
    let registered = false
    try {
      const result = await register({
        type: account.mode,
        area_id: mobile ? account.areaId : undefined,
        account: accountValue,
        mobile: mobile ? accountValue : undefined,
        password: values.password,
        re_password: values.repeat,
        invite_code: values.invite.trim(),
        sms_code: values.code.trim(),
        key: byCaptcha ? captcha.captcha?.id : undefined,
        legal_versions: documents.length > 0 ? legalVersions(documents) : undefined,
      })
      registered = true
      toastSuccess(result.msg)
      // The newcomer is signed in with what they just typed and goes on to where they were going.
      completeSignIn(
        await login({
          account: accountValue,
          password: values.password,
          login_type: account.mode,
          area_id: mobile ? account.areaId : undefined,
        }),
      )
    } catch {
      // Registered, but the sign-in was refused (the API client showed why): the login screen is next.
      if (registered) return navigate(`/login${fromQuery}`, { replace: true })
      // A captcha is single-use: show a fresh one after any failed attempt.
      if (byCaptcha) {
        set('code')('')
        captcha.refresh()
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthPage
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      backTo={`/login${fromQuery}`}
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit}>
        {account.mobileAllowed && <AccountModeSwitch mode={account.mode} onChange={account.setMode} />}
        <AccountField
          mode={account.mode}
          value={values.account}
          onChange={set('account')}
          areas={account.areas}
          areaId={account.areaId}
          onAreaChange={account.setAreaId}
          testIds={{ email: 'register-email', mobile: 'register-mobile', area: 'register-area' }}
        />
        <CodeField
          captcha={byCaptcha}
          value={values.code}
          onChange={set('code')}
          testId="register-code"
          suffix={
            byCaptcha ? (
              <CaptchaImage
                captcha={captcha.captcha}
                loading={captcha.loading}
                onRefresh={captcha.refresh}
                testId="register-captcha"
              />
            ) : (
              <SendCodeButton onSend={sendCode} testId="register-send-code" />
            )
          }
        />
        <NewPasswordFields
          fields={{ values, set }}
          testIds={{ password: 'register-password', repeat: 'register-repassword' }}
          label={t('auth.password')}
        />
        <TextField
          label={t('auth.inviteCode')}
          maxLength={32}
          placeholder={t('auth.inviteCodePlaceholder')}
          readOnly={givenInvite !== ''}
          value={values.invite}
          onChange={set('invite')}
          testId="register-invite"
        />
        <LegalConsent documents={documents} accepted={accepted} onChange={setAccepted} />
        <SubmitButton busy={busy} testId="register-submit">
          {t('auth.register')}
        </SubmitButton>
      </form>
      <p className="auth-footer">
        {t('auth.haveAccount')}{' '}
        <Link className="text-link" to={`/login${fromQuery}`} data-testid="register-to-login">
          {t('auth.loginNow')}
        </Link>
      </p>
    </AuthPage>
  )
}
