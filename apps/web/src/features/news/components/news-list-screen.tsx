import { useQueryClient } from '@tanstack/react-query'
import { PullToRefresh } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { NEWS_LIST_QUERY } from '../api/news-api.ts'
import { useNewsList } from '../hooks/use-news-list.ts'
import { NewsFooter } from './news-footer.tsx'
import { NewsRow } from './news-row.tsx'
import './news.css'

/** Pull-to-refresh closes 0.5 s after the refresh is done (docs/product.md "Limits"). */
const COMPLETE_DELAY_MS = 500

/**
 * /news: published articles of category 1, newest first, page by page as the end of the list
 * scrolls into view, with pull-to-refresh (which starts again from page 1). Public.
 */
export function NewsListScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const list = useNewsList()
  const [refreshFailed, setRefreshFailed] = useState(false)

  async function refresh() {
    setRefreshFailed(false)
    await queryClient
      .resetQueries({ queryKey: [NEWS_LIST_QUERY] }, { throwOnError: true })
      .catch(() => setRefreshFailed(true))
  }

  async function loadMore() {
    const result = await list.fetchNextPage()
    // InfiniteScroll shows its retry only when loading throws.
    if (result.isError) throw result.error
  }

  let body
  if (list.isPending) body = <PageLoading />
  else if (list.isError && !list.data) body = <LoadFailed onRetry={() => void list.refetch()} />
  else {
    const items = list.data.pages.flatMap((page) => page.data)
    body =
      items.length === 0 ? (
        <div className="news-empty" data-testid="news-empty">
          <p className="news-empty-title">{t('news.empty')}</p>
          <p className="news-empty-hint">{t('news.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ul className="news-list" aria-label={t('news.listLabel')} data-testid="news-list">
            {items.map((item) => (
              <NewsRow key={item.id} item={item} />
            ))}
          </ul>
          <NewsFooter hasMore={list.hasNextPage} loadMore={loadMore} />
        </>
      )
  }

  return (
    <Page title={t('pages.news')} backTo="/">
      <PullToRefresh
        onRefresh={refresh}
        completeDelay={COMPLETE_DELAY_MS}
        pullingText={t('news.pullToRefresh')}
        canReleaseText={t('news.releaseToRefresh')}
        refreshingText={t('news.refreshing')}
        completeText={refreshFailed ? t('news.refreshFailed') : t('news.refreshed')}
      >
        <div className="news-list-page">{body}</div>
      </PullToRefresh>
    </Page>
  )
}
