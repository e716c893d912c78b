import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../../common/api-client.ts'
import { TextField } from '../../../common/components/text-field.tsx'
import { CurrentPasswordField } from '../../../common/components/password-fields.tsx'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { useFields } from '../../../common/hooks/use-fields.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { login, loginDemo } from '../api/auth-api.ts'
import { useAccountMode } from '../hooks/use-account-mode.ts'
import { useCaptcha } from '../hooks/use-captcha.ts'
import { useCompleteSignIn, useFrom } from '../hooks/use-sign-in.ts'
import { getDemoId } from '../utils/demo-id.ts'
import { AccountField, AccountModeSwitch } from './account-field.tsx'
import { AuthPage } from './auth-page.tsx'
import { SecondFactorStep } from './second-factor-step.tsx'
import { askPasskey, passkeysSupported } from '../../../common/security/passkey-browser.ts'
import { loginPasskeyOptions, loginWithPasskey } from '../../../common/security/security-api.ts'
import { CaptchaImage } from './captcha-image.tsx'

/** The server's answer once an account or address has failed too often: sign in with the image code. */
const CAPTCHA_REQUIRED = 'captcha_required'
/** The right password of an account with a second factor (decision 047): the second step follows. */
const SECOND_FACTOR_REQUIRED = 'second_factor_required'

interface SecondStep {
  ticket: string
  methods: string[]
}

/** The second step the server asked for, if this refusal asks for one. */
function secondStepOf(error: unknown): SecondStep | undefined {
  if (!(error instanceof ApiError) || error.reason !== SECOND_FACTOR_REQUIRED) return undefined
  const data = error.data as { ticket?: unknown; methods?: unknown } | null
  if (typeof data?.ticket !== 'string') return undefined
  return { ticket: data.ticket, methods: String(data.methods ?? '').split(',') }
}

export function LoginScreen() {
  const { t } = useTranslation()
  const { fromQuery } = useFrom()
  const completeSignIn = useCompleteSignIn()
  const { values, set } = useFields({ account: '', password: '', captcha: '' })
  // An e-mail address is no phone number, nor the other way round: a switch starts the field afresh.
  const account = useAccountMode({ onSwitch: () => set('account')('') })
  const [busy, setBusy] = useState(false)
  // Shown from the first `captcha_required` answer on; each image is good for one try.
  const [needsCaptcha, setNeedsCaptcha] = useState(false)
  const captcha = useCaptcha(needsCaptcha)
  const [secondStep, setSecondStep] = useState<SecondStep | undefined>()

  async function run(signIn: () => ReturnType<typeof login>) {
    if (busy) return
    setBusy(true)
    try {
      completeSignIn(await signIn())
    } catch (error) {
      // The API client has shown the server's message (but for the second step, which shows itself).
      const step = secondStepOf(error)
      if (step) return setSecondStep(step)
      if (error instanceof ApiError && error.reason === CAPTCHA_REQUIRED) setNeedsCaptcha(true)
      if (needsCaptcha) {
        set('captcha')('')
        captcha.refresh()
      }
    } finally {
      setBusy(false)
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const mobile = account.mode === 'mobile'
    if (!values.account.trim())
      return toastInfo(t(mobile ? 'auth.errors.mobileRequired' : 'auth.errors.emailRequired'))
    if (mobile && account.areaId === undefined) return toastInfo(t('auth.errors.areaRequired'))
    if (!values.password) return toastInfo(t('auth.errors.passwordRequired'))
    if (needsCaptcha && !values.captcha.trim()) return toastInfo(t('auth.errors.captchaRequired'))
    void run(() =>
      login({
        account: values.account.trim(),
        password: values.password,
        login_type: account.mode,
        area_id: mobile ? account.areaId : undefined,
        ...(needsCaptcha && captcha.captcha
          ? { captcha_id: captcha.captcha.id, captcha_code: values.captcha.trim() }
          : {}),
      }),
    )
  }

  const signInWithPasskey = () =>
    void run(async () => {
      const passkey = await askPasskey(await loginPasskeyOptions())
      // Closed without choosing one: nothing to say.
      if (!passkey) throw new Error('passkey prompt closed')
      return loginWithPasskey(passkey)
    })

  if (secondStep)
    return (
      <AuthPage title={t('security.secondStepTitle')} subtitle={t('security.secondStepHint')}>
        <SecondFactorStep
          ticket={secondStep.ticket}
          methods={secondStep.methods}
          onSignedIn={completeSignIn}
          onBack={() => setSecondStep(undefined)}
        />
      </AuthPage>
    )

  return (
    <AuthPage title={t('auth.welcome')} subtitle={t('auth.loginSubtitle')}>
      <form className="auth-form" noValidate onSubmit={handleSubmit}>
        {account.mobileAllowed && <AccountModeSwitch mode={account.mode} onChange={account.setMode} />}
        <AccountField
          mode={account.mode}
          value={values.account}
          onChange={set('account')}
          areas={account.areas}
          areaId={account.areaId}
          onAreaChange={account.setAreaId}
          testIds={{ email: 'login-account', mobile: 'login-account', area: 'login-area' }}
        />
        <CurrentPasswordField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          value={values.password}
          onChange={set('password')}
          testId="login-password"
        />
        {needsCaptcha && (
          <TextField
            label={t('auth.captcha')}
            autoComplete="off"
            maxLength={16}
            placeholder={t('auth.captchaPlaceholder')}
            value={values.captcha}
            onChange={set('captcha')}
            testId="login-captcha-code"
            suffix={
              <CaptchaImage
                captcha={captcha.captcha}
                loading={captcha.loading}
                onRefresh={captcha.refresh}
                testId="login-captcha"
              />
            }
          />
        )}
        <div className="auth-row-end">
          <Link className="text-link" to={`/forgot${fromQuery}`} data-testid="login-to-forgot">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <SubmitButton busy={busy} testId="login-submit">
          {t('auth.login')}
        </SubmitButton>
        <Button
          block
          size="large"
          shape="rounded"
          fill="outline"
          className="demo-button"
          disabled={busy}
          data-testid="login-demo"
          onClick={() => void run(() => loginDemo(getDemoId()))}
        >
          {t('auth.tryDemo')}
        </Button>
        {passkeysSupported() && (
          <Button
            block
            size="large"
            shape="rounded"
            fill="none"
            className="passkey-sign-in"
            disabled={busy}
            data-testid="login-passkey"
            onClick={signInWithPasskey}
          >
            {t('security.signInWithPasskey')}
          </Button>
        )}
      </form>
      <p className="auth-footer">
        {t('auth.noAccount')}{' '}
        <Link className="text-link" to={`/register${fromQuery}`} data-testid="login-to-register">
          {t('auth.registerNow')}
        </Link>
      </p>
    </AuthPage>
  )
}
