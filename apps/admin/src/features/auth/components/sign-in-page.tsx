import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { Alert, Button, Card, Typography } from 'antd'
import type { StaffLoginAnswer, StaffSessionAnswer } from '@tp/contracts/light'
import { ApiError } from '../../../common/api/client.ts'
import { LanguageSwitch } from '../../../common/components/language-switch.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { sessionEndReason, signIn, useSession } from '../../../common/session/session-store.ts'
import { authApi } from '../api/auth-api.ts'
import { CodeStep, RecoveryStep } from './code-step.tsx'
import { NewPasswordStep } from './new-password-step.tsx'
import { PasswordStep, type Credentials } from './password-step.tsx'
import { RecoveryCodesStep } from './recovery-codes-step.tsx'
import { SetupStep } from './setup-step.tsx'

type Step =
  | { name: 'password' }
  | { name: 'newPassword'; token: string }
  | { name: 'setup'; token: string; qrSvg: string; secret: string }
  | { name: 'totp'; token: string }
  | { name: 'recovery'; token: string }
  | { name: 'codes'; session: StaffSessionAnswer; codes: string[] }

const TITLES: Record<Step['name'], MessageKey> = {
  password: 'signIn.title',
  newPassword: 'password.firstTitle',
  setup: 'signIn.setupTitle',
  totp: 'signIn.codeTitle',
  recovery: 'signIn.recoveryTitle',
  codes: 'signIn.recoveryCodesTitle',
}

/** Password, then the second factor (set up at the first sign-in), then the recovery codes once. */
export function SignInPage() {
  const t = useT()
  const navigate = useNavigate()
  const session = useSession()
  const [step, setStep] = useState<Step>({ name: 'password' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Sent here because the session ended (signed out elsewhere, or past its 12 hours).
  const [ended] = useState(() => sessionEndReason() === 'expired')

  if (session && step.name !== 'codes') return <Navigate to="/" replace />

  async function run(action: () => Promise<void>) {
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 999) {
        // The pending token lasts five minutes: past that, the password is asked again.
        setStep({ name: 'password' })
        setError(t('signIn.expired'))
      } else setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setBusy(false)
    }
  }

  const login = ({ email, password }: Credentials) =>
    run(async () => {
      next(await authApi.login(email.trim(), password))
    })

  /** The step a password answers: one's own password first (issue 22), or the second factor. */
  function next(answer: StaffLoginAnswer) {
    setStep(
      answer.stage === 'setup'
        ? { name: 'setup', token: answer.token, qrSvg: answer.qr_svg, secret: answer.secret }
        : answer.stage === 'password'
          ? { name: 'newPassword', token: answer.token }
          : { name: 'totp', token: answer.token },
    )
  }

  const ownPassword = (token: string) => (password: string) =>
    run(async () => next(await authApi.firstPassword(token, password)))

  function finish(answer: StaffSessionAnswer) {
    if (answer.recovery_codes?.length) {
      setStep({ name: 'codes', session: answer, codes: answer.recovery_codes })
      return
    }
    signIn({ token: answer.token, staff: answer.staff })
    navigate('/', { replace: true })
  }

  const second = (kind: 'totp' | 'recovery', token: string) => (code: string) =>
    run(async () =>
      finish(kind === 'totp' ? await authApi.totp(token, code) : await authApi.recovery(token, code)),
    )

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg, #f0f5ff 0%, #f5f5f5 60%)',
        padding: 24,
      }}
    >
      <div style={{ width: step.name === 'password' ? 400 : 460 }}>
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
        >
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        <Card title={t(TITLES[step.name])} data-testid="signin-card">
          {error && (
            <Alert
              type="error"
              showIcon
              title={error}
              style={{ marginBottom: 16 }}
              data-testid="signin-error"
            />
          )}
          {ended && !error && step.name === 'password' && (
            <Alert
              type="warning"
              showIcon
              title={t('signIn.sessionEnded')}
              style={{ marginBottom: 16 }}
              data-testid="signin-ended"
            />
          )}
          {step.name === 'password' && <PasswordStep busy={busy} onSubmit={login} />}
          {step.name === 'newPassword' && <NewPasswordStep busy={busy} onSubmit={ownPassword(step.token)} />}
          {step.name === 'setup' && (
            <SetupStep
              qrSvg={step.qrSvg}
              secret={step.secret}
              busy={busy}
              onSubmit={second('totp', step.token)}
            />
          )}
          {step.name === 'totp' && (
            <>
              <Typography.Paragraph type="secondary">{t('signIn.codeHint')}</Typography.Paragraph>
              <CodeStep busy={busy} onSubmit={second('totp', step.token)} />
              <Button
                type="link"
                block
                onClick={() => {
                  setError(null)
                  setStep({ name: 'recovery', token: step.token })
                }}
                data-testid="signin-use-recovery"
              >
                {t('signIn.useRecovery')}
              </Button>
            </>
          )}
          {step.name === 'recovery' && (
            <>
              <RecoveryStep busy={busy} onSubmit={second('recovery', step.token)} />
              <Button
                type="link"
                block
                onClick={() => {
                  setError(null)
                  setStep({ name: 'totp', token: step.token })
                }}
              >
                {t('signIn.useTotp')}
              </Button>
            </>
          )}
          {step.name === 'codes' && (
            <RecoveryCodesStep
              codes={step.codes}
              onDone={() => {
                signIn({ token: step.session.token, staff: step.session.staff })
                navigate('/', { replace: true })
              }}
            />
          )}
          {step.name !== 'password' && step.name !== 'codes' && (
            <Button
              type="text"
              block
              onClick={() => {
                setError(null)
                setStep({ name: 'password' })
              }}
            >
              {t('signIn.back')}
            </Button>
          )}
        </Card>
      </div>
    </div>
  )
}
