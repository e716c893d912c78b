import { useTranslation } from 'react-i18next'
import { WarningIcon } from '../../../common/components/icons.tsx'

/** Staff rejected the last check: their reason, in their words, above the form to submit again. */
export function RejectedNotice({ reason }: { reason: string }) {
  const { t } = useTranslation()
  return (
    <div className="identity-rejected" role="alert" data-testid="identity-rejected">
      <span className="identity-rejected-icon">
        <WarningIcon />
      </span>
      <div>
        <p className="identity-rejected-title">{t('identity.rejectedTitle')}</p>
        <p className="identity-rejected-reason" dir="auto" data-testid="identity-reject-reason">
          {reason}
        </p>
        <p className="identity-rejected-hint">{t('identity.rejectedHint')}</p>
      </div>
    </div>
  )
}
