import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_TEXT_MAX,
  feedbackTextLength,
  type FeedbackCategory,
} from '@tp/contracts/light'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SubmitButton } from '../../../common/components/submit-button.tsx'
import { TextField } from '../../../common/components/text-field.tsx'
import { toastInfo } from '../../../common/lib/toast.ts'
import { sendFeedback, type FeedbackForm as Sent } from '../api/feedback-api.ts'
import { feedbackFormProblem } from '../lib/feedback-form.ts'

interface Props {
  /** What the app fills in for staff: its build and the screen the user came from. */
  appVersion: string
  screen: string
  onSent: () => void
}

/** Topic, message and an optional e-mail for a reply; checked here with the server's rules, then sent. */
export function FeedbackForm({ appVersion, screen, onSent }: Props) {
  const { t } = useTranslation()
  const [category, setCategory] = useState<FeedbackCategory | ''>('')
  const [text, setText] = useState('')
  const [contactEmail, setContactEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const textId = useId()
  const countId = useId()
  const length = feedbackTextLength(text.trim())

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problem = feedbackFormProblem({ category, text, contactEmail })
    if (problem || category === '')
      return toastInfo(t(problem?.key ?? 'feedback.categoryRequired', problem?.values))
    setBusy(true)
    const form: Sent = { category, text, contact_email: contactEmail.trim(), app_version: appVersion, screen }
    try {
      await sendFeedback(form)
      setText('')
      setCategory('')
      onSent()
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="form-card feedback-form" noValidate onSubmit={handleSubmit} data-testid="feedback-form">
      <p className="feedback-intro">{t('feedback.intro')}</p>
      <fieldset className="feedback-categories">
        <legend className="field-label">{t('feedback.category')}</legend>
        <div className="feedback-chips">
          {FEEDBACK_CATEGORIES.map((value) => (
            <label key={value} className="feedback-chip">
              <input
                type="radio"
                name="feedback-category"
                value={value}
                checked={category === value}
                onChange={() => setCategory(value)}
                data-testid={`feedback-category-${value}`}
              />
              <span>{t(`feedback.categories.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor={textId}>
          {t('feedback.text')}
        </label>
        <div className="field-box feedback-text-box">
          <textarea
            id={textId}
            className="feedback-text"
            data-testid="feedback-text"
            rows={6}
            value={text}
            placeholder={t('feedback.textPlaceholder')}
            aria-describedby={countId}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <p
          id={countId}
          className={length > FEEDBACK_TEXT_MAX ? 'feedback-count feedback-count-over' : 'feedback-count'}
          data-testid="feedback-count"
        >
          <bdi>{`${length}/${FEEDBACK_TEXT_MAX}`}</bdi>
        </p>
      </div>
      <TextField
        label={t('feedback.contact')}
        placeholder="name@example.com"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={contactEmail}
        onChange={setContactEmail}
        testId="feedback-contact"
        hint={t('feedback.contactHint')}
      />
      <SubmitButton busy={busy} testId="feedback-submit">
        {t('feedback.send')}
      </SubmitButton>
    </form>
  )
}
