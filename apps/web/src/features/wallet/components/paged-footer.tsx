import { InfiniteScroll } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

interface Props {
  hasMore: boolean
  loadMore: () => Promise<unknown>
}

/** Loads the next page when the end of a money list scrolls into view; our texts in every language. */
export function PagedFooter({ hasMore, loadMore }: Props) {
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
          <button type="button" className="money-icon-button" onClick={() => void retry()}>
            {t('common.retry')}
          </button>
        ) : more ? (
          t('common.loading')
        ) : (
          t('money.noMore')
        )
      }
    </InfiniteScroll>
  )
}
