import { describe, expect, it } from 'vitest'
import { sanitizeArticle } from './sanitize-article.ts'

/** What the browser would run or load from the cleaned HTML. */
function active(html: string): Element[] {
  const box = document.createElement('div')
  box.innerHTML = html
  return Array.from(box.querySelectorAll('*')).filter(
    (el) =>
      /^(script|style|iframe|object|embed|svg|math|form|input|textarea|base|meta|link)$/i.test(el.tagName) ||
      Array.from(el.attributes).some(
        (attr) =>
          /^on/i.test(attr.name) ||
          /^(style|class|srcset|xlink:href)$/i.test(attr.name) ||
          /^\s*(javascript|vbscript|data):/i.test(attr.value),
      ),
  )
}

describe('sanitizeArticle (browser)', () => {
  it('keeps article formatting and opens links in a new tab with noopener', () => {
    const html = sanitizeArticle(
      '<h2>Title</h2><p>Some <strong>bold</strong> text</p><ul><li>one</li></ul><blockquote>quote</blockquote>' +
        '<a href="https://example.com" target="_self">link</a><img src="https://example.com/a.png" alt="a" width="300">' +
        '<table><tr><td colspan="2">cell</td></tr></table>',
    )
    expect(html).toContain('<h2>Title</h2>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<ul><li>one</li></ul>')
    expect(html).toContain('<blockquote>quote</blockquote>')
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">link</a>')
    expect(html).toContain('<img src="https://example.com/a.png" alt="a" width="300">')
    expect(html).toContain('<td colspan="2">cell</td>')
    expect(sanitizeArticle('<p dir="rtl">نص <span dir="ltr">1 × 2</span></p>')).toBe(
      '<p dir="rtl">نص <span dir="ltr">1 × 2</span></p>',
    )
  })

  it('removes scripts, handlers, dangerous URLs and foreign content', () => {
    const payloads = [
      '<script>window.hacked = 1</script>',
      '<img src=x onerror="window.hacked=1">',
      '<IMG SRC=x OnError=window.hacked=1>',
      '<p OnClick = "x()" style="color:red" class="big">p</p>',
      '<a href="javascript:alert(1)">a</a>',
      '<a href="&#106;avascript:alert(1)">a</a>',
      '<a href="java\tscript:alert(1)">a</a>',
      '<a href="JAVASCRIPT:alert(1)">a</a>',
      '<a href="data:text/html,<script>alert(1)</script>">a</a>',
      '<a href="vbscript:x">a</a>',
      '<svg onload="alert(1)"><script>alert(1)</script></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>*{color:red}</style>',
      '<form action="https://evil.example"><input autofocus onfocus=alert(1)></form>',
      '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    ]
    for (const payload of payloads) {
      const html = sanitizeArticle(payload)
      expect(active(html), `${payload} -> ${html}`).toEqual([])
      expect(html).not.toMatch(/<script|onerror|onload|javascript:/i)
    }
  })
})
