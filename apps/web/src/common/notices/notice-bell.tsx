import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BellIcon } from '../components/icons.tsx'
import { useSession } from '../session/session-store.ts'
import { useUnreadNotices } from './notices-api.ts'
import './notices.css'

/** The inbox's bell with its unread count (none shown at 0), for a signed-in user's screens. */
export function NoticeBell() {
  const { t } = useTranslation()
  const signedIn = useSession((state) => state.token !== null)
  const unread = useUnreadNotices(signedIn).data ?? 0
  const count = unread > 99 ? '99+' : String(unread)
  return (
    <Link
      to="/mine/notices"
      className="notice-bell"
      data-testid="notice-bell"
      aria-label={unread > 0 ? `${t('pages.notices')} (${count})` : t('pages.notices')}
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notice-bell-count num" data-testid="notice-unread" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  )
}
