import { and, count, desc, eq } from 'drizzle-orm'
import type {
  LanguageCode,
  NewsArticle,
  NewsItem,
  NewsPage,
  NewsText,
  NewsTexts,
  RecordPage,
  StaffNewsItem,
} from '@tp/contracts'
import { MAX_PAGE_SIZE, NEWS_DESC_MAX_CHARS, NEWS_LOGO_MAX_CHARS, NEWS_TITLE_MAX_CHARS } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { news } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { wireTime } from '../trading/order-view.ts'
import { cleanTexts, readTexts, textFor } from './news-texts.ts'
import { plainText, safeImageUrl, sanitizeArticleHtml } from './sanitize.ts'

type NewsRow = typeof news.$inferSelect

/** Rows to skip and take for a page; callers parse pages already, this keeps a bad call bounded. */
const pageWindow = (page: number, limit: number) => {
  const take = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_PAGE_SIZE)
  return { offset: (Math.max(Math.trunc(page) || 1, 1) - 1) * take, limit: take }
}

/** An article as staff save it (the back office's form, parsed by `newsSaveRequest`). */
export interface NewsInput {
  /** Absent for a new article. */
  id?: number
  categoryId: number
  /** '' for none, an http(s) address, or a path on our own host (`/v1/api/forex/logo/...`). */
  logo: string
  texts: NewsTexts
  published: boolean
}

/** A logo as it may be stored: none, a web address, or a path on our host; anything else is refused. */
function cleanLogo(logo: string): string | undefined {
  const trimmed = logo.trim()
  if (!trimmed) return ''
  if (trimmed.length > NEWS_LOGO_MAX_CHARS) return undefined
  if (safeImageUrl(trimmed)) return trimmed
  return /^\/(?![/\\])[A-Za-z0-9/_.\-?=&%]*$/.test(trimmed) && !trimmed.includes('..') ? trimmed : undefined
}

/**
 * Saves an article (new without `id`, an edit with it), sanitized as it is stored: titles and
 * summaries as plain text, content through the article allow-list. Refused when no language has
 * both a title and content, when the logo is not an address we allow, or when `id` is unknown.
 */
export async function saveNews(
  db: DbOrTx,
  input: NewsInput,
  now = new Date(),
): Promise<Outcome<{ id: number }>> {
  const texts = cleanTexts(input.texts)
  if (!texts) return refuse('invalid_input', { field: 'texts' })
  const logo = cleanLogo(input.logo)
  if (logo === undefined) return refuse('invalid_input', { field: 'logo' })
  const values = { categoryId: input.categoryId, logo, texts, published: input.published, updatedAt: now }
  if (input.id === undefined) {
    const [row] = await db
      .insert(news)
      .values({ ...values, createdAt: now })
      .returning({ id: news.id })
    return accept({ id: (row as { id: number }).id })
  }
  const [row] = await db.update(news).set(values).where(eq(news.id, input.id)).returning({ id: news.id })
  return row ? accept({ id: row.id }) : refuse('news_not_found')
}

export async function deleteNews(db: DbOrTx, id: number): Promise<Outcome<null>> {
  const [row] = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id })
  return row ? accept(null) : refuse('news_not_found')
}

/**
 * Every article, published or not, newest first, with all its languages (the back office's list);
 * only those of `categoryId` when it is given.
 */
export async function newsForStaff(
  db: DbOrTx,
  page: number,
  limit: number,
  categoryId?: number,
): Promise<RecordPage<StaffNewsItem>> {
  const slice = pageWindow(page, limit)
  const where = categoryId === undefined ? undefined : eq(news.categoryId, categoryId)
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.createdAt), desc(news.id))
    .offset(slice.offset)
    .limit(slice.limit)
  const [total] = await db.select({ n: count() }).from(news).where(where)
  return {
    data: rows.map((row) => ({
      id: row.id,
      category_id: row.categoryId,
      logo: row.logo,
      texts: readTexts(row.texts),
      published: row.published,
      created_at: wireTime(row.createdAt.getTime()),
      updated_at: wireTime(row.updatedAt.getTime()),
    })),
    total: total?.n ?? 0,
  }
}

/** A row as a reader sees it, in their language; title and summary cleaned again when served. */
function itemOf(row: NewsRow, text: NewsText): NewsItem {
  return {
    id: row.id,
    title: plainText(text.title, NEWS_TITLE_MAX_CHARS),
    desc: plainText(text.desc, NEWS_DESC_MAX_CHARS),
    logo: cleanLogo(row.logo) ?? '',
    created_at: wireTime(row.createdAt.getTime()),
  }
}

const textOf = (row: NewsRow, lang: LanguageCode) => textFor(readTexts(row.texts), lang)

/** `news/list`: published articles of a category, newest first, without their content. */
export async function newsList(
  db: DbOrTx,
  lang: LanguageCode,
  categoryId: number,
  page: number,
  limit: number,
): Promise<NewsPage> {
  const where = and(eq(news.categoryId, categoryId), eq(news.published, true))
  const slice = pageWindow(page, limit)
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.createdAt), desc(news.id))
    .offset(slice.offset)
    .limit(slice.limit)
  const [total] = await db.select({ n: count() }).from(news).where(where)
  return {
    data: rows.map((row) => itemOf(row, textOf(row, lang))),
    total: total?.n ?? 0,
  }
}

/**
 * `news/info`: a published article, its content sanitized again as it is served (defence in depth
 * against rows written by older code or by hand).
 */
export async function newsInfo(db: DbOrTx, lang: LanguageCode, id: number): Promise<Outcome<NewsArticle>> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), eq(news.published, true)))
  if (!row) return refuse('news_not_found')
  const text = textOf(row, lang)
  return accept({ ...itemOf(row, text), content: sanitizeArticleHtml(text.content) })
}
