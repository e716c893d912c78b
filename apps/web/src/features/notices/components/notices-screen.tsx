import type { NoticeItem } from '@tp/contracts/light'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { PagedFooter } from '../../../common/components/paged-footer.tsx'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import {
  fetchNotices,
  markNoticesRead,
  NOTICES_QUERY,
  UNREAD_NOTICES_QUERY,
} from '../../../common/notices/notices-api.ts'
import { SettingsIcon } from './settings-icon.tsx'
import './notices-screen.css'

/** One notice: its title, what happened, what staff wrote and when; a dot while unread. */
function NoticeRow({ notice, onOpen }: { notice: NoticeItem; onOpen: (notice: NoticeItem) => void }) {
  const { t } = useTranslation()
  return (
    <li>
      <button
        type="button"
        className={`notice-row${notice.read ? '' : ' notice-row-unread'}`}
        data-testid={`notice-${notice.id}`}
        data-read={notice.read}
        onClick={() => onOpen(notice)}
      >
        <span className="notice-row-head">
          {!notice.read && <span className="notice-dot" role="img" aria-label={t('notices.unread')} />}
          <span className="notice-title">{notice.title}</span>
        </span>
        <span className="notice-body">{notice.body}</span>
        {notice.detail !== '' && (
          // What staff wrote: plain text, shown as text.
          <span className="notice-detail" dir="auto" data-testid="notice-detail">
            {notice.detail}
          </span>
        )}
        <time className="notice-time" dateTime={isoTime(notice.created_at)}>
          {formatDateTime(notice.created_at)}
        </time>
      </button>
    </li>
  )
}

/**
 * /mine/notices: the signed-in user's notifications, newest first, paged. Opening one marks it read
 * and goes to the screen it is about; "Mark all as read" clears the bell.
 */
export function NoticesScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const notices = useInfiniteQuery({
    queryKey: [NOTICES_QUERY],
    queryFn: ({ pageParam, signal }) => fetchNotices(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.list),
    refetchOnMount: 'always',
    staleTime: 0,
  })
  const unread = notices.data?.pages[0]?.unread ?? 0

  const marked = async (which: number | 'all') => {
    const left = await markNoticesRead(which)
    queryClient.setQueryData([UNREAD_NOTICES_QUERY], left)
    await queryClient.invalidateQueries({ queryKey: [NOTICES_QUERY] })
  }
  const open = (notice: NoticeItem) => {
    if (!notice.read) void marked(notice.id).catch(() => undefined)
    navigate(notice.link)
  }

  let body
  if (notices.isPending) body = <PageLoading />
  else if (notices.isError && !notices.data) body = <LoadFailed onRetry={() => void notices.refetch()} />
  else {
    const rows = notices.data.pages.flatMap((page) => page.list)
    body =
      rows.length === 0 ? (
        <p className="list-empty" data-testid="notices-empty">
          {t('notices.empty')}
        </p>
      ) : (
        <>
          <ul className="notice-list" data-testid="notice-list">
            {rows.map((notice) => (
              <NoticeRow key={notice.id} notice={notice} onOpen={open} />
            ))}
          </ul>
          <PagedFooter
            hasMore={notices.hasNextPage}
            loadMore={() => notices.fetchNextPage()}
            endText={t('notices.noMore')}
            retryClassName="notice-retry"
          />
        </>
      )
  }

  return (
    <Page
      title={t('pages.notices')}
      backTo="/user"
      right={
        <span className="notice-actions">
          {unread > 0 && (
            <button
              type="button"
              className="notice-read-all"
              data-testid="notices-read-all"
              onClick={() => void marked('all').catch(() => undefined)}
            >
              {t('notices.markAllRead')}
            </button>
          )}
          <Link
            to="/mine/notices/settings"
            className="notice-settings-link"
            aria-label={t('notices.settings')}
            data-testid="notice-settings"
          >
            <SettingsIcon />
          </Link>
        </span>
      }
    >
      {body}
    </Page>
  )
}
