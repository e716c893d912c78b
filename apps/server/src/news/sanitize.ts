import sanitizeHtml from 'sanitize-html'
import { NEWS_HTML_TAGS } from '@tp/contracts'

/**
 * The one place article HTML is cleaned, on the way in (saveNews) and again on the way out
 * (news/info), so a row written by older code or by hand is never served as it is. An allow-list:
 * formatting, links and images survive; scripts, styles, frames, forms, SVG and MathML, event
 * handlers, `style`/`class` and every URL that is not http(s) (or mailto for links, or our own
 * upload path for images) do not.
 */

/**
 * Tags dropped with everything inside them (nested tags and text): their content is code, or a
 * foreign namespace (SVG, MathML) that a browser parses differently from us, the root of mutation
 * XSS (`<math><mtext><table><mglyph><style><img onerror>`).
 */
const DROPPED_WHOLE = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'option',
  'title',
  'head',
]

/** Images we host ourselves (signed upload links, docs/decisions/010-uploads.md). */
const OWN_UPLOAD_PATH = '/api/common/upload/'

/** Control characters, whitespace and their Unicode kin: a browser ignores some inside a scheme. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/

/**
 * A link target as it will be served, or undefined to drop it. Only an exact, clean
 * `http(s)://` or `mailto:` URL passes: anything with whitespace or control characters in it
 * (`java\tscript:`), an entity the parser decoded, or another scheme is refused outright rather
 * than repaired.
 */
export function safeLinkUrl(raw: string | undefined): string | undefined {
  const url = raw?.trim()
  if (!url || INVISIBLE.test(url)) return undefined
  return /^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(url) ? url : undefined
}

/** An image address: http(s), or a path under our own upload route (no `..`, no `//`). */
export function safeImageUrl(raw: string | undefined): string | undefined {
  const url = raw?.trim()
  if (!url || INVISIBLE.test(url)) return undefined
  if (/^https?:\/\/[^/\\]/i.test(url)) return url
  if (url.startsWith(OWN_UPLOAD_PATH) && !url.includes('..') && !url.includes('\\')) return url
  return undefined
}

const DIMENSION = /^\d{1,4}%?$/

/** Direction, so an Arabic or Persian article can hold a left-to-right formula or code. */
const DIRECTION = { name: 'dir', multiple: false, values: ['ltr', 'rtl', 'auto'] }

/** Attributes beyond `dir`; links and images are rebuilt by transformTags below. */
const TAG_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
}

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NEWS_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    NEWS_HTML_TAGS.map((tag) => [tag, [DIRECTION, ...(TAG_ATTRIBUTES[tag] ?? [])]]),
  ),
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WHOLE,
  transformTags: {
    // The text of a link is kept; its target only when it is a clean web or mail address.
    a: (_tagName, attribs) => {
      const href = safeLinkUrl(attribs.href)
      if (!href) return { tagName: 'span', attribs: {} }
      const kept: Record<string, string> = { href, rel: 'noopener noreferrer', target: '_blank' }
      if (attribs.title) kept.title = attribs.title
      return { tagName: 'a', attribs: kept }
    },
    img: (tagName, attribs) => {
      const src = safeImageUrl(attribs.src)
      const kept: Record<string, string> = src ? { src } : {}
      if (src && attribs.alt) kept.alt = attribs.alt
      if (src && attribs.title) kept.title = attribs.title
      for (const side of ['width', 'height'] as const)
        if (src && attribs[side] && DIMENSION.test(attribs[side])) kept[side] = attribs[side]
      return { tagName, attribs: kept }
    },
  },
  // An image whose address was refused is no image at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** Article HTML that is safe to put in a page as it is. */
export function sanitizeArticleHtml(html: string): string {
  // Twice: the output of one pass is parsed again as the browser would see it, so anything the
  // first pass turned into new markup by unescaping or by joining pieces is cleaned too.
  const once = sanitizeHtml(html, ARTICLE_OPTIONS)
  return sanitizeHtml(once, ARTICLE_OPTIONS).trim()
}

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WHOLE,
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/**
 * Plain text from whatever staff typed (titles, summaries): tags gone, whitespace collapsed, at
 * most `maxChars` characters. Angle brackets are dropped too, so a client that puts a title in
 * innerHTML (older clients might) still gets no markup.
 */
export function plainText(text: string, maxChars: number): string {
  const stripped = sanitizeHtml(text, TEXT_OPTIONS).replace(
    /&(amp|lt|gt|quot|#39);/g,
    (entity) => ENTITIES[entity] ?? entity,
  )
  const clean = stripped
    .replace(/[<>]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return Array.from(clean).slice(0, maxChars).join('').trim()
}

/** Whether sanitized article HTML shows anything: some text, or an image. */
export function hasArticleContent(safeHtml: string): boolean {
  return /<img\s/i.test(safeHtml) || plainText(safeHtml, 10).length > 0
}
