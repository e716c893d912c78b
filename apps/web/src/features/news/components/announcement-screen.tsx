import { NEWS_ANNOUNCEMENT_CATEGORY } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../../../common/api/basic-info.ts'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { NewsFooter } from './news-footer.tsx'
import { NewsRow } from './news-row.tsx'
import { useNewsList } from '../hooks/use-news-list.ts'
import './news.css'
import './announcement.css'

/** docs/product.md "Limits": the site runs as a demo when its title is DEMO; the notice says so in red. */
const DEMO_SITE_TITLE = 'DEMO'

/**
 * The announcements staff published (category 2), newest first, each opening /news/detail; nothing
 * while they load or when there are none, so the fixed notice stands alone.
 */
function PublishedAnnouncements() {
  const { t } = useTranslation()
  const list = useNewsList(NEWS_ANNOUNCEMENT_CATEGORY)
  if (list.isError && !list.data) return <LoadFailed onRetry={() => void list.refetch()} />
  const items = list.data?.pages.flatMap((page) => page.data) ?? []
  if (items.length === 0) return null
  return (
    <>
      <ul
        className="news-list announcement-list"
        aria-label={t('news.announcements')}
        data-testid="announcement-list"
      >
        {items.map((item) => (
          <NewsRow key={item.id} item={item} />
        ))}
      </ul>
      {list.hasNextPage && (
        <NewsFooter
          hasMore
          loadMore={async () => {
            const result = await list.fetchNextPage()
            if (result.isError) throw result.error
          }}
        />
      )}
    </>
  )
}

/**
 * /mine/announcement: the fixed notice about the countries the service is not offered in, then the
 * announcements staff published.
 */
export function AnnouncementScreen() {
  const { t } = useTranslation()
  const demoSite = useBasicInfo().data?.site_title?.trim().toUpperCase() === DEMO_SITE_TITLE
  return (
    <Page title={t('pages.announcement')} backTo="/user">
      <article className="info-card announcement" data-testid="announcement">
        <h2 className="announcement-title">
          {t('announcement.title')}
          {demoSite && <span className="announcement-demo">{t('announcement.demoMarker')}</span>}
        </h2>
        <p>{t('announcement.body')}</p>
      </article>
      <PublishedAnnouncements />
    </Page>
  )
}
