import DOMPurify, { type Config } from 'dompurify'
import { NEWS_HTML_TAGS } from '@tp/contracts/light'

/**
 * Article HTML as the browser shows it. The server cleans articles when they are saved and again
 * when they are served (apps/server/src/news/sanitize.ts); this is the last line, with the same
 * allow-list: formatting, links and images only; no scripts, styles, frames, forms, SVG, MathML,
 * event handlers, `style` or `class`, and only http(s) and mailto links, http(s) or our own upload
 * images. Links open in a new tab that gets no handle on this one.
 */

/** Link and image addresses we show: web, mail, or an image we host ourselves. */
const ALLOWED_URI = /^(?:https?:\/\/[^/\\]|mailto:|\/api\/common\/upload\/)/i

const CONFIG: Config = {
  ALLOWED_TAGS: [...NEWS_HTML_TAGS],
  ALLOWED_ATTR: [
    'href',
    'title',
    'src',
    'alt',
    'width',
    'height',
    'colspan',
    'rowspan',
    'scope',
    'start',
    'dir',
  ],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  // DOMPurify tests every other attribute's value against the URI pattern too; these hold no URL.
  ADD_URI_SAFE_ATTR: ['width', 'height', 'colspan', 'rowspan', 'scope', 'start', 'dir'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'textarea'],
  FORBID_ATTR: ['style', 'class', 'srcset', 'target', 'rel'],
  // Scripts and foreign content go with everything inside them; other unknown tags keep their text.
  KEEP_CONTENT: true,
}

/** An instance of our own, so the hook below never applies to anyone else's sanitizing. */
const purifier = DOMPurify(window)

// DOMPurify lets `data:` images through whatever the URI pattern says; we do not.
purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if ((data.attrName === 'src' || data.attrName === 'href') && !ALLOWED_URI.test(data.attrValue.trim()))
    data.keepAttr = false
})

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    if (node.getAttribute('href')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  } else if (node.tagName === 'IMG' && !node.getAttribute('src')) {
    // A refused image address leaves an image of nothing: no broken-image icon either.
    node.setAttribute('hidden', '')
  }
})

export function sanitizeArticle(html: string): string {
  return purifier.sanitize(html, CONFIG) as string
}
