import { useTranslation } from 'react-i18next'
import { RoundButton } from './round-button.tsx'

/** A block that says loading failed, with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="notice-state" role="alert">
      <p className="notice-state-text">{t('common.loadFailed')}</p>
      <RoundButton outline onClick={onRetry}>
        {t('common.retry')}
      </RoundButton>
    </div>
  )
}
