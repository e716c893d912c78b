import type { Company, LanguageCode, NewsText, RecordPage, StaffNewsItem } from '@tp/contracts/light'
import { MAX_PAGE_SIZE } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/** The news and partner companies calls of `/admin/api` (apps/server/src/http/admin/content-routes.ts). */

export type NewsPage = RecordPage<StaffNewsItem>
export type CompanyFields = Omit<Company, 'id'>

/** An article as the editor sends it: `id` absent for a new one. */
export interface NewsSave {
  id?: number
  category_id: number
  logo: string
  texts: Partial<Record<LanguageCode, NewsText>>
  published: boolean
}

export const contentKeys = {
  news: ['content', 'news'] as const,
  companies: ['content', 'companies'] as const,
}

export const contentApi = {
  /** Every article, or only those of `category` (news or announcements) when given. */
  news: (page: number, limit: number, signal?: AbortSignal, category?: number) =>
    api.get<NewsPage>('/news', { page, limit, ...(category ? { category_id: category } : {}) }, signal),
  saveNews: (body: NewsSave) => api.post<{ id: number }>('/news', body),
  deleteNews: (id: number) => api.post<null>(`/news/${id}/delete`),
  companies: (signal?: AbortSignal) => api.get<Company[]>('/companies', undefined, signal),
  saveCompany: (id: number | undefined, body: CompanyFields) =>
    api.post<Company>(id === undefined ? '/companies' : `/companies/${id}`, body),
  deleteCompany: (id: number) => api.post<null>(`/companies/${id}/delete`),
}

/**
 * One stored article (sanitized), looked up page by page: the server has no call
 * for a single article, and an edited one may be far down the list.
 */
export async function storedArticle(id: number): Promise<StaffNewsItem | undefined> {
  for (let page = 1; ; page++) {
    const { data, total } = await contentApi.news(page, MAX_PAGE_SIZE)
    const found = data.find((item) => item.id === id)
    if (found) return found
    if (data.length === 0 || page * MAX_PAGE_SIZE >= total) return undefined
  }
}
