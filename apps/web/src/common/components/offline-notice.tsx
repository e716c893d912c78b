import { useTranslation } from 'react-i18next'
import { useOffline } from '../pwa/use-offline.ts'
import './offline-notice.css'

/**
 * Says so while the app is cut off (no network, or the realtime socket cannot connect): prices on
 * screen are not live and orders cannot be sent. It goes away by itself when the connection is back.
 * The live region stays in the page, so a screen reader hears the notice come and go.
 */
export function OfflineNotice({ aboveTabs }: { aboveTabs: boolean }) {
  const { t } = useTranslation()
  const offline = useOffline()
  return (
    <div role="status" className="offline-notice-region" data-testid="offline-status">
      {offline && (
        <p
          className={aboveTabs ? 'offline-notice offline-notice-above-tabs' : 'offline-notice'}
          data-testid="offline-notice"
        >
          <strong className="offline-notice-title">{t('offline.title')}</strong>
          <span>{t('offline.text')}</span>
        </p>
      )}
    </div>
  )
}
