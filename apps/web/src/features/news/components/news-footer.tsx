import { InfiniteScroll } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

interface Props {
  hasMore: boolean
  loadMore: () => Promise<unknown>
}

/** Loads the next page when the end of the list scrolls into view; a failed page offers a retry. */
export function NewsFooter({ hasMore, loadMore }: Props) {
  const { t } = useTranslation()
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        await loadMore()
      }}
    >
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="news-retry" onClick={() => void retry()}>
            {t('news.loadMoreFailed')} {t('common.retry')}
          </button>
        ) : more ? (
          <span data-testid="news-loading-more">{t('common.loading')}</span>
        ) : (
          <span data-testid="news-no-more">{t('news.noMore')}</span>
        )
      }
    </InfiniteScroll>
  )
}
