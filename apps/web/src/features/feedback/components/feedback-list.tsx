import type { FeedbackItem, FeedbackStatus } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'

const STATUS_CLASS: Record<FeedbackStatus, string> = {
  new: 'feedback-status-new',
  read: 'feedback-status-read',
  answered: 'feedback-status-answered',
  closed: 'feedback-status-closed',
}

/** One sent feedback: topic, status and time, the text as typed (plain text), and support's answer. */
export function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation()
  return (
    <li className="feedback-entry" data-testid="feedback-entry">
      <div className="feedback-entry-head">
        <span className="feedback-entry-category">{t(`feedback.categories.${item.category}`)}</span>
        <span className={`feedback-status ${STATUS_CLASS[item.status]}`} data-testid="feedback-status">
          {t(`feedback.status.${item.status}`)}
        </span>
      </div>
      <time className="feedback-entry-time" dateTime={isoTime(item.created_at)}>
        {formatDateTime(item.created_at)}
      </time>
      {/* Plain text, shown as text: line breaks kept by CSS, never parsed as HTML. */}
      <p className="feedback-entry-text" data-testid="feedback-entry-text" dir="auto">
        {item.text}
      </p>
      {item.answer !== '' && (
        <div className="feedback-answer" data-testid="feedback-answer">
          <p className="feedback-answer-title">
            {t('feedback.answer')}
            {item.answered_at && (
              <time className="feedback-entry-time" dateTime={isoTime(item.answered_at)}>
                {formatDateTime(item.answered_at)}
              </time>
            )}
          </p>
          <p className="feedback-entry-text" dir="auto">
            {item.answer}
          </p>
        </div>
      )}
    </li>
  )
}
