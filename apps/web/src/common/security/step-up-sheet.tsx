import { Modal } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { loadMessagePart } from '../i18n/i18n.ts'
import { SecondFactorForm } from './second-factor-form.tsx'
import { proveAgain, stepUpPasskeyOptions } from './security-api.ts'

function StepUpBody({ methods, onDone }: { methods: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const usesPassword = methods.includes('password')
  return (
    <div data-testid="step-up">
      <h2 className="step-up-title">{t('security.stepUpTitle')}</h2>
      <p className="step-up-hint">{usesPassword ? t('security.stepUpPassword') : t('security.stepUpHint')}</p>
      <SecondFactorForm
        methods={methods}
        testId="step-up-form"
        passkeyOptions={stepUpPasskeyOptions}
        onProof={async (proof) => {
          await proveAgain(proof)
          onDone()
        }}
      />
    </div>
  )
}

/**
 * Asks the client to prove it is them (for 5 minutes): true once they did, false if they closed the
 * sheet. Its texts are the `center` message part's.
 */
export async function askStepUp(methods: string[]): Promise<boolean> {
  await loadMessagePart('center')
  return new Promise((resolve) => {
    let proved = false
    const handler = Modal.show({
      content: (
        <StepUpBody
          methods={methods}
          onDone={() => {
            proved = true
            handler.close()
          }}
        />
      ),
      closeOnMaskClick: true,
      showCloseButton: true,
      afterClose: () => resolve(proved),
    })
  })
}
