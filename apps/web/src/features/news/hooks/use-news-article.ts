import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { fetchNewsArticle, NEWS_ARTICLE_QUERY } from '../api/news-api.ts'

/** One article in the app's language; nothing is asked for while `id` is not a valid id. */
export function useNewsArticle(id: number | undefined) {
  const { i18n } = useTranslation()
  return useQuery({
    queryKey: [NEWS_ARTICLE_QUERY, id, i18n.language],
    queryFn: ({ signal }) => fetchNewsArticle(id as number, signal),
    enabled: id !== undefined,
  })
}
