import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { Button } from 'antd-mobile'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CurrentPasswordField } from '../components/password-fields.tsx'
import { SubmitButton } from '../components/submit-button.tsx'
import { TextField } from '../components/text-field.tsx'
import { toastInfo } from '../lib/toast.ts'
import { askPasskey, passkeysSupported } from './passkey-browser.ts'
import type { Proof } from './security-api.ts'
import './security.css'

interface Props {
  /** What the server accepts (`totp`, `passkey`, `recovery`; or `password` for a client without a factor). */
  methods: readonly string[]
  /** Sends the proof; a refusal throws (the API client has shown why) and the form stays. */
  onProof: (proof: Proof) => Promise<void>
  /** A challenge for the account's passkeys. */
  passkeyOptions: () => Promise<PublicKeyCredentialRequestOptionsJSON>
  testId: string
}

type Mode = 'totp' | 'recovery'

/**
 * One proof that it is the client: a code of the authenticator app, a passkey, or a recovery code
 * (or the password, for a client without a second factor). The sign-in's second step and the step-up
 * sheet before a withdrawal both show it (decision 047).
 */
export function SecondFactorForm({ methods, onProof, passkeyOptions, testId }: Props) {
  const { t } = useTranslation()
  const usesPassword = methods.includes('password')
  const hasTotp = methods.includes('totp')
  const hasPasskey = methods.includes('passkey') && passkeysSupported()
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : 'recovery')
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)

  async function send(proof: () => Promise<Proof | undefined>) {
    if (busy) return
    setBusy(true)
    try {
      const given = await proof()
      if (given) await onProof(given)
    } catch {
      // The API client has shown the server's message; a new code can be typed.
      setValue('')
    } finally {
      setBusy(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const text = value.trim()
    if (!text) return toastInfo(t(usesPassword ? 'auth.errors.passwordRequired' : 'security.codeRequired'))
    void send(async () => {
      if (usesPassword) return { password: value }
      return mode === 'totp' ? { totp_code: text } : { recovery_code: text }
    })
  }

  const usePasskeyNow = () =>
    void send(async () => {
      const passkey = await askPasskey(await passkeyOptions())
      return passkey ? { passkey } : undefined
    })

  return (
    <form className="second-factor-form" noValidate onSubmit={submit} data-testid={testId}>
      {usesPassword ? (
        <CurrentPasswordField
          label={t('auth.password')}
          placeholder={t('security.passwordAgain')}
          value={value}
          onChange={setValue}
          testId={`${testId}-password`}
        />
      ) : mode === 'totp' ? (
        <TextField
          label={t('security.totpCode')}
          placeholder={t('security.totpPlaceholder')}
          value={value}
          onChange={(text) => setValue(text.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          testId={`${testId}-totp`}
        />
      ) : (
        <TextField
          label={t('security.recoveryCode')}
          placeholder="XXXXX-XXXXX"
          value={value}
          onChange={setValue}
          autoComplete="off"
          maxLength={16}
          testId={`${testId}-recovery`}
        />
      )}
      <SubmitButton busy={busy} testId={`${testId}-submit`}>
        {t('security.confirm')}
      </SubmitButton>
      {hasPasskey && (
        <Button
          block
          size="large"
          shape="rounded"
          fill="outline"
          disabled={busy}
          data-testid={`${testId}-passkey`}
          onClick={usePasskeyNow}
        >
          {t('security.usePasskey')}
        </Button>
      )}
      {!usesPassword && hasTotp && (
        <button
          type="button"
          className="text-link second-factor-switch"
          data-testid={`${testId}-switch`}
          onClick={() => {
            setValue('')
            setMode(mode === 'totp' ? 'recovery' : 'totp')
          }}
        >
          {mode === 'totp' ? t('security.useRecoveryCode') : t('security.useTotp')}
        </button>
      )}
    </form>
  )
}
