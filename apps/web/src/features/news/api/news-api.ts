import type { NewsArticle, NewsPage } from '@tp/contracts/light'
import { NEWS_DEFAULT_CATEGORY } from '@tp/contracts/light'
import { api } from '../../../common/api-client.ts'

export const NEWS_LIST_QUERY = 'news-list'
export const NEWS_ARTICLE_QUERY = 'news-article'

/** Articles per page of /news. */
export const NEWS_PAGE_SIZE = 10

/**
 * A page of published articles of a category (news by default, or announcements), newest first
 * (`news/list`, `{ data, total }`).
 */
export function fetchNewsPage(
  page: number,
  signal?: AbortSignal,
  category: number = NEWS_DEFAULT_CATEGORY,
): Promise<NewsPage> {
  return api.get<NewsPage>('/api/news/list', {
    query: { category_id: category, page, limit: NEWS_PAGE_SIZE },
    silent: true,
    signal,
  })
}

/** One article with its HTML (`news/info`); the screen shows its own loading and error states. */
export function fetchNewsArticle(id: number, signal?: AbortSignal): Promise<NewsArticle> {
  return api.get<NewsArticle>('/api/news/info', { query: { id }, silent: true, signal })
}
