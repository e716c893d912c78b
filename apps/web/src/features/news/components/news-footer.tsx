import { useTranslation } from 'react-i18next'
import { PagedFooter } from '../../../common/components/paged-footer.tsx'

interface Props {
  hasMore: boolean
  loadMore: () => Promise<unknown>
}

/** The paged footer of the article lists (news and announcements), in the news texts. */
export function NewsFooter({ hasMore, loadMore }: Props) {
  const { t } = useTranslation()
  return (
    <PagedFooter
      hasMore={hasMore}
      loadMore={loadMore}
      endText={t('news.noMore')}
      failedText={t('news.loadMoreFailed')}
      retryClassName="news-retry"
      testId="news"
    />
  )
}
