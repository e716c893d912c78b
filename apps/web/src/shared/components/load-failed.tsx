import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

/** A block that says loading failed, with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="notice-state" role="alert">
      <p className="notice-state-text">{t('common.loadFailed')}</p>
      <Button color="primary" fill="outline" shape="rounded" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}
