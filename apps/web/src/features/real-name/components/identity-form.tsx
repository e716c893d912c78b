import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { TextField } from '../../../common/components/text-field.tsx'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { submitRealName } from '../api/identity-api.ts'
import { identityFormProblem } from '../lib/identity-form.ts'
import { IdImagePicker } from './id-image-picker.tsx'

interface Props {
  /** The name of a rejected check, so a resubmission starts from it. */
  initialName: string
  onSubmitted: () => void
}

/** Both sides of the ID document, the name and the ID number; checked here, then by the server. */
export function IdentityForm({ initialName, onSubmitted }: Props) {
  const { t } = useTranslation()
  const [front, setFront] = useState<string | null>(null)
  const [back, setBack] = useState<string | null>(null)
  const [name, setName] = useState(initialName)
  const [cardId, setCardId] = useState('')
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problem = identityFormProblem({ name, cardId, front, back })
    if (problem || !front || !back) return toastInfo(t(problem ?? 'identity.imagesRequired'))
    setBusy(true)
    try {
      const result = await submitRealName({
        name: name.trim(),
        card_id: cardId.trim(),
        front_pic: front,
        reverse_pic: back,
      })
      toastSuccess(result.msg)
      onSubmitted()
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form-card" noValidate onSubmit={handleSubmit} data-testid="identity-form">
      <p className="identity-intro">{t('identity.intro')}</p>
      <div className="identity-pickers">
        <IdImagePicker side="front" value={front} onChange={setFront} />
        <IdImagePicker side="back" value={back} onChange={setBack} />
      </div>
      <TextField
        label={t('identity.name')}
        placeholder={t('identity.namePlaceholder')}
        autoComplete="name"
        maxLength={64}
        value={name}
        onChange={setName}
        testId="identity-name"
      />
      <TextField
        label={t('identity.cardId')}
        placeholder={t('identity.cardIdPlaceholder')}
        autoComplete="off"
        maxLength={32}
        value={cardId}
        onChange={setCardId}
        testId="identity-card-id"
      />
      <SubmitButton busy={busy} testId="identity-submit">
        {t('common.confirm')}
      </SubmitButton>
    </form>
  )
}
