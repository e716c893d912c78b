import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../../common/api-client.ts'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { RoundButton } from '../../../common/components/round-button.tsx'
import { useNewsArticle } from '../hooks/use-news-article.ts'
import { articleIdOf } from '../lib/article-id.ts'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'
import { sanitizeArticle } from '../lib/sanitize-article.ts'
import './news.css'

/** A message instead of the article (bad link, removed article), with the way back to the list. */
function Missing({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div className="notice-state" role="status" data-testid="news-missing">
      <p className="notice-state-title">{title}</p>
      <p className="notice-state-text">{text}</p>
      <RoundButton outline onClick={() => navigate('/news', { replace: true })}>
        {t('news.backToList')}
      </RoundButton>
    </div>
  )
}

/**
 * /news/detail?id=: the article's title, date and HTML. The HTML was sanitized by the server when
 * saved and when served, and is sanitized once more here before it reaches the page.
 */
export function NewsDetailScreen() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const id = articleIdOf(params.get('id'))
  const article = useNewsArticle(id)
  const html = useMemo(() => (article.data ? sanitizeArticle(article.data.content) : ''), [article.data])

  let body
  if (id === undefined) body = <Missing title={t('news.badLinkTitle')} text={t('news.badLink')} />
  else if (article.isPending) body = <PageLoading />
  else if (article.isError) {
    const removed = article.error instanceof ApiError && article.error.reason === 'news_not_found'
    body = removed ? (
      <Missing title={t('news.notFoundTitle')} text={t('news.notFound')} />
    ) : (
      <LoadFailed onRetry={() => void article.refetch()} />
    )
  } else {
    const { title, created_at } = article.data
    body = (
      <article className="news-article" data-testid="news-article">
        <h1 className="news-article-title" dir="auto">
          {title}
        </h1>
        <p className="news-article-meta">
          <time dateTime={isoTime(created_at)}>
            {t('news.published', { date: formatDateTime(created_at) })}
          </time>
        </p>
        <div
          className="news-content"
          dir="auto"
          data-testid="news-content"
          // Sanitized three times: when saved, when served, and just above (sanitizeArticle).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    )
  }

  return (
    <Page title={t('pages.newsDetail')} backTo="/news">
      {body}
    </Page>
  )
}
