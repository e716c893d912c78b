import {
  LANGUAGE_CODES,
  NEWS_DESC_MAX_CHARS,
  NEWS_TITLE_MAX_CHARS,
  isLanguageCode,
  type LanguageCode,
  type NewsText,
  type NewsTexts,
} from '@tp/contracts'
import { hasArticleContent, plainText, sanitizeArticleHtml } from './sanitize.ts'

/**
 * The languages of an article as stored in `news.texts` (jsonb). Rows written by hand may hold
 * anything, so reading keeps only known codes whose fields are strings.
 */
export function readTexts(stored: unknown): NewsTexts {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {}
  const texts: NewsTexts = {}
  for (const [code, value] of Object.entries(stored)) {
    if (!isLanguageCode(code) || typeof value !== 'object' || value === null) continue
    const { title, desc, content } = value as Record<string, unknown>
    texts[code] = {
      title: typeof title === 'string' ? title : '',
      desc: typeof desc === 'string' ? desc : '',
      content: typeof content === 'string' ? content : '',
    }
  }
  return texts
}

/** The reader's language, else English, else Traditional Chinese, else the first one there is. */
export function textFor(texts: NewsTexts, lang: LanguageCode): NewsText {
  const chosen =
    texts[lang] ?? texts.en ?? texts.hk ?? LANGUAGE_CODES.map((code) => texts[code]).find(Boolean)
  return chosen ?? { title: '', desc: '', content: '' }
}

/** One language cleaned for storing or serving: plain title and summary, sanitized HTML. */
export function cleanText(text: NewsText): NewsText {
  return {
    title: plainText(text.title, NEWS_TITLE_MAX_CHARS),
    desc: plainText(text.desc, NEWS_DESC_MAX_CHARS),
    content: sanitizeArticleHtml(text.content),
  }
}

/**
 * Every language cleaned. A language without a title or without content is dropped, so a reader
 * in that language gets a complete article in a fallback language rather than half of one.
 * Undefined when no language is complete.
 */
export function cleanTexts(texts: NewsTexts): NewsTexts | undefined {
  const cleaned: NewsTexts = {}
  for (const code of LANGUAGE_CODES) {
    const text = texts[code]
    if (!text) continue
    const clean = cleanText(text)
    if (clean.title && hasArticleContent(clean.content)) cleaned[code] = clean
  }
  return Object.keys(cleaned).length > 0 ? cleaned : undefined
}
