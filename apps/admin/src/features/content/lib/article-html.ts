import DOMPurify from 'dompurify'
import { NEWS_HTML_TAGS } from '@tp/contracts/light'

/**
 * The preview's sanitizer: the same element list the server keeps (NEWS_HTML_TAGS), the attributes
 * its sanitizer keeps, and only http(s) and mailto links, http(s) images or our own uploads. The
 * server cleans the article again when it is saved and when it is served; this keeps the preview
 * from running anything typed into the HTML source.
 */
const ALLOWED_ATTR = [
  'href',
  'title',
  'rel',
  'target',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'dir',
]
const SAFE_URI = /^(?:https?:\/\/|mailto:|\/api\/common\/upload\/)/i

export function purifyArticle(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...NEWS_HTML_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  })
}

/** Whether article HTML shows anything: some text, or an image (as the server decides). */
export function hasArticleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true
  const text = new DOMParser().parseFromString(purifyArticle(html), 'text/html').body.textContent ?? ''
  return text.trim().length > 0
}
