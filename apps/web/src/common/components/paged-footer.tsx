import { InfiniteScroll } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

interface Props {
  hasMore: boolean
  loadMore: () => Promise<unknown>
  /** What the end of the list says ("No more records"). */
  endText: string
  /** The retry button's class (each list styles its own link-like button). */
  retryClassName: string
  /** Said before "Retry" when a page failed to load; only "Retry" when absent. */
  failedText?: string
  /** Names the marks for tests: `<testId>-loading-more` and `<testId>-no-more`. */
  testId?: string
}

/**
 * Loads the next page when the end of a paged list scrolls into view; a failed page offers a retry.
 * Our texts in every language, not the library's.
 */
export function PagedFooter({ hasMore, loadMore, endText, retryClassName, failedText, testId }: Props) {
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
          <button type="button" className={retryClassName} onClick={() => void retry()}>
            {failedText === undefined ? t('common.retry') : `${failedText} ${t('common.retry')}`}
          </button>
        ) : more ? (
          <span data-testid={testId && `${testId}-loading-more`}>{t('common.loading')}</span>
        ) : (
          <span data-testid={testId && `${testId}-no-more`}>{endText}</span>
        )
      }
    </InfiniteScroll>
  )
}
