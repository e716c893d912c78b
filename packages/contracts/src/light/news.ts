/** The category the client lists (docs/product.md: `category_id` 1). */
export const NEWS_DEFAULT_CATEGORY = 1

/**
 * Announcements (issue 11, item 5): staff publish them like news, the phone lists them under the
 * fixed notice of /mine/announcement (and opens them on /news/detail); they are not on /news.
 */
export const NEWS_ANNOUNCEMENT_CATEGORY = 2

/** A title and a summary are plain text, cut to these lengths when saved. */
export const NEWS_TITLE_MAX_CHARS = 200

export const NEWS_DESC_MAX_CHARS = 500

/** An article's HTML as staff send it (before sanitizing); a long article is ~20,000 characters. */
export const NEWS_CONTENT_MAX_CHARS = 200_000

/** A logo is '' (none), an http(s) address or a path on our own host. */
export const NEWS_LOGO_MAX_CHARS = 1000

/**
 * The HTML elements an article may hold: formatting, lists, quotes, links, images, tables, code.
 * One list for the server's sanitize-html (when saved and served) and the browser's DOMPurify.
 */
export const NEWS_HTML_TAGS: readonly string[] = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'br',
  'hr',
  'code',
  'pre',
  'span',
  'figure',
  'figcaption',
]
