import { z } from 'zod'
import { INT32_MAX, integer, serialId } from './numbers.ts'
import { pageRequest } from './trading.ts'
import type { RecordPage } from './money.ts'
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts'
import {
  NEWS_DEFAULT_CATEGORY,
  NEWS_TITLE_MAX_CHARS,
  NEWS_DESC_MAX_CHARS,
  NEWS_CONTENT_MAX_CHARS,
  NEWS_LOGO_MAX_CHARS,
} from './light/news.ts'
export * from './light/news.ts'

/** News articles (docs/product.md "Screens", "Records" and "Calls"): public to read, written by staff. */

/** `news/list`: published articles of a category, newest first. */
export const newsListRequest = pageRequest.extend({
  category_id: integer({ min: 1, max: INT32_MAX }).default(NEWS_DEFAULT_CATEGORY),
})

/** `news/info`: one published article. */
export const newsInfoRequest = z.object({ id: serialId })

/** One language of an article, as staff write it; `content` is HTML. */
export const newsText = z.object({
  title: z.string().max(NEWS_TITLE_MAX_CHARS * 4),
  desc: z
    .string()
    .max(NEWS_DESC_MAX_CHARS * 4)
    .default(''),
  content: z.string().max(NEWS_CONTENT_MAX_CHARS),
})
export type NewsText = z.output<typeof newsText>
export type NewsTexts = Partial<Record<LanguageCode, NewsText>>

/** Texts by language code; any of the 21 codes, at least one. */
export const newsTexts = z
  .partialRecord(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]), newsText)
  .refine((texts) => Object.keys(texts).length > 0)

/** A staff save (the back office's form): a new article without `id`, an edit with it. */
export const newsSaveRequest = z.object({
  id: serialId.optional(),
  category_id: integer({ min: 1, max: INT32_MAX }).default(NEWS_DEFAULT_CATEGORY),
  logo: z.string().trim().max(NEWS_LOGO_MAX_CHARS).default(''),
  texts: newsTexts,
  published: z.boolean().default(true),
})

/** A `news/list` item. `created_at` is UTC, "YYYY-MM-DD HH:mm:ss". */
export interface NewsItem {
  id: number
  title: string
  desc: string
  logo: string
  created_at: string
}

/** `news/info`: the item and its sanitized HTML. */
export interface NewsArticle extends NewsItem {
  content: string
}

export type NewsPage = RecordPage<NewsItem>

/** An article as staff see it: every language, published or not. */
export interface StaffNewsItem {
  id: number
  category_id: number
  logo: string
  texts: NewsTexts
  published: boolean
  created_at: string
  updated_at: string
}
