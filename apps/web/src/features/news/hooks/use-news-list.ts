import { useInfiniteQuery } from '@tanstack/react-query'
import { NEWS_DEFAULT_CATEGORY } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { fetchNewsPage, NEWS_LIST_QUERY } from '../api/news-api.ts'

/**
 * Published articles of a category (news unless told) page by page from 1 until the loaded count
 * reaches `total`, in the app's language.
 */
export function useNewsList(category: number = NEWS_DEFAULT_CATEGORY) {
  const { i18n } = useTranslation()
  return useInfiniteQuery({
    queryKey: [NEWS_LIST_QUERY, category, i18n.language],
    queryFn: ({ pageParam, signal }) => fetchNewsPage(pageParam, signal, category),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
  })
}
