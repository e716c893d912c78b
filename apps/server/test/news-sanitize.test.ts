import { describe, expect, it } from 'vitest'
import { HOURS_ARTICLE } from '../src/seed/news-articles/hours.ts'
import { MARGIN_ARTICLE } from '../src/seed/news-articles/margin.ts'
import { MONEY_ARTICLE } from '../src/seed/news-articles/money.ts'
import { ORDERS_ARTICLE } from '../src/seed/news-articles/orders.ts'
import { plainText, safeImageUrl, safeLinkUrl, sanitizeArticleHtml } from '../src/news/sanitize.ts'

/*
 * The article allow-list (apps/server/src/news/sanitize.ts): what attackers send, in the spellings
 * that slip past naive filters, and the formatting that must survive.
 */

const clean = sanitizeArticleHtml

/** Nothing executable is left, whatever the spelling. */
function expectInert(html: string) {
  expect(html).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|textarea|template|noscript|base|meta|link)\b/i,
  )
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/(java|vb)script\s*:/i)
  expect(html).not.toMatch(/data\s*:/i)
  expect(html).not.toMatch(/\s(style|class|xlink:href|formaction|srcset)\s*=/i)
}

describe('sanitizeArticleHtml', () => {
  it('keeps the formatting of an article', () => {
    const article =
      '<h2>Heading</h2><h3>Sub</h3><h4>Small</h4><p>Text <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>x</code></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote><pre>pre</pre><hr /><br />' +
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<figure><img src="https://example.com/a.png" alt="chart" width="300" height="200" /><figcaption>cap</figcaption></figure>' +
      '<p><span>plain span</span></p>'
    expect(clean(article)).toBe(article)
  })

  it('keeps a direction for right-to-left articles, and only a real one', () => {
    expect(clean('<p dir="rtl">مرحبا <span dir="ltr">1 × 2</span></p>')).toBe(
      '<p dir="rtl">مرحبا <span dir="ltr">1 × 2</span></p>',
    )
    expect(clean('<p dir="x" onclick="y">p</p>')).toBe('<p>p</p>')
  })

  it('opens links in a new tab without giving the page a handle on ours', () => {
    expect(clean('<a href="https://example.com/x?a=1&amp;b=2" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">x</a>',
    )
    expect(clean('<a href="mailto:help@example.com">mail</a>')).toContain('href="mailto:help@example.com"')
    expect(clean('<a href="http://example.com">x</a>')).toContain('href="http://example.com"')
  })

  it('removes scripts, styles, frames, forms and other active elements with their content', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<style>body{background:url(javascript:alert(1))}</style>',
      '<iframe src="https://evil.example"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="javascript:alert(1)"></object>',
      '<embed src="javascript:alert(1)">',
      '<form action="https://evil.example"><input name="password" onfocus="alert(1)" autofocus><button formaction="javascript:alert(1)">go</button></form>',
      '<textarea><script>alert(1)</script></textarea>',
      '<template><img src=x onerror=alert(1)></template>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<base href="javascript:alert(1)//">',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ]
    for (const payload of payloads) {
      const out = clean(`<p>before</p>${payload}<p>after</p>`)
      expectInert(out)
      expect(out).not.toContain('alert')
      expect(out).toContain('<p>before</p>')
      expect(out).toContain('<p>after</p>')
    }
  })

  it('removes event handlers in any casing and spacing', () => {
    const payloads = [
      '<p onclick="alert(1)">x</p>',
      '<p ONCLICK="alert(1)">x</p>',
      '<p OnMouseOver = "alert(1)">x</p>',
      '<p\nonclick\n=\nalert(1)>x</p>',
      '<p/onclick="alert(1)">x</p>',
      '<img src="https://example.com/a.png" onerror="alert(1)" onload=alert(1)>',
      '<body onload="alert(1)"><p>x</p></body>',
      '<a href="https://example.com" onfocus="alert(1)" autofocus>x</a>',
    ]
    for (const payload of payloads) {
      const out = clean(payload)
      expectInert(out)
      expect(out).not.toContain('alert')
    }
    // A split tag becomes harmless text, escaped.
    expect(clean('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)')
    expect(clean('<p OnClick="alert(1)" style="color:red" class="big" id="x">x</p>')).toBe('<p>x</p>')
  })

  it('drops javascript:, vbscript: and data: URLs however they are spelled', () => {
    const hrefs = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0001javascript:alert(1)',
      'javascript\u0000:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
      'javascript&colon;alert(1)',
      'jav&#x09;ascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:text/html,<script>alert(1)</script>',
      '//evil.example/path',
      '/relative/path',
      'https:\\\\evil.example',
    ]
    for (const href of hrefs) {
      const out = clean(`<a href="${href}">link</a>`)
      expect(out, href).toBe('<span>link</span>')
    }
  })

  it('keeps images from the web or our own uploads only, with no handlers', () => {
    expect(clean('<img src=x onerror=alert(1)>')).toBe('')
    expect(clean('<IMG SRC=x OnError=alert(1)>')).toBe('')
    expect(clean('<img src="javascript:alert(1)">')).toBe('')
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('')
    expect(clean('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('')
    expect(clean('<img src="//evil.example/x.png">')).toBe('')
    expect(clean('<img src="/api/common/upload/../../etc/passwd">')).toBe('')
    expect(clean('<img src="/api/common/upload/abc?expires=1&amp;sig=2" alt="proof">')).toBe(
      '<img src="/api/common/upload/abc?expires=1&amp;sig=2" alt="proof" />',
    )
    expect(clean('<img src="https://example.com/a.png" width="100px" height="50">')).toBe(
      '<img src="https://example.com/a.png" height="50" />',
    )
    expect(clean('<img src="https://example.com/a.png" srcset="javascript:alert(1) 1x">')).toBe(
      '<img src="https://example.com/a.png" />',
    )
  })

  it('neutralises SVG and MathML tricks, mutation payloads included', () => {
    const payloads = [
      '<svg onload=alert(1)>',
      '<svg/onload=alert(1)>',
      '<svg><script>alert(1)</script></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">click</text></a></svg>',
      '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
      '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<noscript><style></noscript><img src=x onerror=alert(1)>',
      '<table><td><svg><desc><b>x</b></desc></svg></td></table>',
    ]
    for (const payload of payloads) {
      const out = clean(payload)
      expectInert(out)
      expect(out, payload).not.toContain('alert')
      // What is left must also be stable: cleaning it again changes nothing.
      expect(clean(out)).toBe(out)
    }
  })

  it('escapes what it keeps, so attribute values cannot break out', () => {
    const out = clean('<a href="https://example.com" title="&quot;><img src=x onerror=alert(1)>">x</a>')
    expect(out).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank" title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>',
    )
    expect(clean('<p>1 &lt; 2 &amp; <!-- comment --> 3</p>')).toBe('<p>1 &lt; 2 &amp;  3</p>')
  })
})

describe('plainText', () => {
  it('strips tags and scripts, decodes the entities it made, collapses whitespace and cuts to length', () => {
    expect(plainText('  <b>S&amp;P 500</b>\n\t<script>alert(1)</script> rises  ', 200)).toBe('S&P 500 rises')
    expect(plainText('<img src=x onerror=alert(1)>Title', 200)).toBe('Title')
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;', 200)).toBe('scriptalert(1)/script')
    expect(plainText('x'.repeat(300), 200)).toHaveLength(200)
    expect(plainText('😀'.repeat(10), 5)).toBe('😀'.repeat(5))
  })
})

describe('URL checks', () => {
  it('allows only clean web and mail links, and images from the web or our uploads', () => {
    expect(safeLinkUrl('https://example.com')).toBe('https://example.com')
    expect(safeLinkUrl('mailto:a@example.com')).toBe('mailto:a@example.com')
    for (const bad of [
      'javascript:x',
      'https://exa mple.com',
      'ftp://x',
      '/api/common/upload/x',
      '',
      undefined,
    ])
      expect(safeLinkUrl(bad)).toBeUndefined()
    expect(safeImageUrl('/api/common/upload/abc')).toBe('/api/common/upload/abc')
    for (const bad of ['/other/path.png', 'mailto:a@example.com', 'data:image/png;base64,AA', 'x'])
      expect(safeImageUrl(bad)).toBeUndefined()
  })
})

describe('seed articles', () => {
  it('pass the allow-list unchanged, with headings, lists, a bold phrase and a quote in every language', () => {
    for (const article of [MARGIN_ARTICLE, HOURS_ARTICLE, MONEY_ARTICLE, ORDERS_ARTICLE]) {
      expect(Object.keys(article)).toEqual(expect.arrayContaining(['en', 'hk', 'ar', 'jp', 'kr', 'spa']))
      for (const [lang, text] of Object.entries(article)) {
        expect(sanitizeArticleHtml(text.content), `${lang} ${text.title}`).toBe(text.content.trim())
        expect(plainText(text.title, 200)).toBe(text.title)
        expect(plainText(text.desc, 500)).toBe(text.desc)
        for (const tag of ['<h2>', '<li>', '<strong>', '<blockquote>'])
          expect(text.content, `${lang} ${tag}`).toContain(tag)
        expect(text.content).not.toMatch(/lorem|ipsum/i)
      }
    }
  })
})
