import type { TotpSetup } from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { QRCodeSVG } from 'qrcode.react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { TextField } from '../../../common/components/text-field.tsx'
import { toastInfo } from '../../../common/lib/toast.ts'
import { enableTotp } from '../../../common/security/security-api.ts'
import { withStepUp } from '../../../common/security/step-up.ts'

interface Props {
  setup: TotpSetup | undefined
  onClose: () => void
  /** Turned on; the recovery codes when it is the client's first factor (else none). */
  onEnabled: (recoveryCodes: string[]) => void
}

/** Adding an authenticator app: scan the QR code (or type the secret), then its first code turns it on. */
export function TotpSetupSheet({ setup, onClose, onEnabled }: Props) {
  const { t } = useTranslation()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (code.length !== 6) return toastInfo(t('security.codeRequired'))
    setBusy(true)
    try {
      const { recovery_codes } = await withStepUp(() => enableTotp(code))
      setCode('')
      onEnabled(recovery_codes)
    } catch {
      // The API client has shown why (a wrong or late code): the next one can be typed.
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Popup
      visible={setup !== undefined}
      position="bottom"
      bodyClassName="security-sheet"
      onMaskClick={onClose}
      destroyOnClose
    >
      {setup && (
        <form
          className="second-factor-form"
          noValidate
          onSubmit={(event) => void submit(event)}
          data-testid="totp-setup"
        >
          <h2 className="step-up-title">{t('security.totpSetupTitle')}</h2>
          <p className="step-up-hint">{t('security.scanQr')}</p>
          <div className="totp-qr">
            <QRCodeSVG value={setup.otpauth_url} level="M" size={164} data-testid="totp-qr" />
          </div>
          <p className="step-up-hint">{t('security.orTypeSecret')}</p>
          <p className="totp-secret" data-testid="totp-secret">
            {setup.secret}
          </p>
          <TextField
            label={t('security.totpCode')}
            placeholder={t('security.totpPlaceholder')}
            value={code}
            onChange={(text) => setCode(text.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            testId="totp-setup-code"
          />
          <SubmitButton busy={busy} testId="totp-setup-submit">
            {t('security.turnOn')}
          </SubmitButton>
        </form>
      )}
    </Popup>
  )
}
