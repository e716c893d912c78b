import type { LoginResult } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { SecondFactorForm } from '../../../common/security/second-factor-form.tsx'
import { loginPasskeyOptions, loginSecondStep } from '../../../common/security/security-api.ts'
import '../../../common/security/security.css'

interface Props {
  /** What the right password earned: the ticket of the second step and the account's methods. */
  ticket: string
  methods: string[]
  onSignedIn: (result: LoginResult) => void
  onBack: () => void
}

/** The sign-in's second step (decision 047): a code of the authenticator app, a passkey or a recovery code. */
export function SecondFactorStep({ ticket, methods, onSignedIn, onBack }: Props) {
  const { t } = useTranslation()
  return (
    <div data-testid="second-step">
      <SecondFactorForm
        methods={methods}
        testId="second-step-form"
        passkeyOptions={() => loginPasskeyOptions(ticket)}
        onProof={async (proof) => onSignedIn(await loginSecondStep(ticket, proof))}
      />
      <p className="auth-footer">
        <button
          type="button"
          className="text-link second-factor-switch"
          data-testid="second-step-back"
          onClick={onBack}
        >
          {t('security.backToPassword')}
        </button>
      </p>
    </div>
  )
}
