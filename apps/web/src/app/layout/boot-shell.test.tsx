import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { LANGUAGES } from '@tp/contracts/light'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BrandMark } from '../../common/components/brand.tsx'
import { MarketIcon, MineIcon, OrdersIcon, RankIcon, TradeIcon } from '../../common/components/icons.tsx'
import { SCREENS, TABS } from '../screens.ts'
import { SHELL_SCREENS, SHELL_TEXTS_KEY, renderShell, shellDictionary, shellScript } from './boot-shell.ts'
import { readShellLocales } from './shell-locales.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- locale files as read from disk
const locales: Record<string, any> = readShellLocales()
const indexHtml = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8')

describe('the app shell dictionary', () => {
  it('has every shell label in every language, none blank, with lang and dir as common/i18n sets them', () => {
    const dictionary = shellDictionary(locales)
    expect(Object.keys(dictionary.langs).sort()).toEqual(LANGUAGES.map((l) => l.code).sort())
    for (const language of LANGUAGES) {
      const texts = dictionary.langs[language.code]!
      expect(texts.l).toBe(language.htmlLang)
      expect(texts.r).toBe(language.rtl ? 1 : 0)
      expect(texts.t).toHaveLength(TABS.length)
      expect(texts.p).toHaveLength(SHELL_SCREENS.length)
      for (const text of [...texts.t, ...texts.p, texts.b]) expect(text.trim()).not.toBe('')
    }
    expect(dictionary.langs.ar!.t[0]).toBe(locales.ar.tabs.market)
    expect(dictionary.langs.jp!.p[SCREENS.findIndex((s) => s.path === '/order')]).toBe(
      locales.jp.pages.orders,
    )
  })

  it('refuses to build with a missing label, naming the language and key', () => {
    const broken = { ...locales, fa: { ...locales.fa, tabs: { ...locales.fa.tabs, rank: '' } } }
    expect(() => shellDictionary(broken)).toThrow('fa has no text for tabs.rank')
    const noNotice = { ...locales, de: { ...locales.de, trade: { ...locales.de.trade, marketClosed: ' ' } } }
    expect(() => shellDictionary(noNotice)).toThrow('de has no text for trade.marketClosed')
  })

  it('fills index.html with the default language and leaves no placeholder', () => {
    const html = renderShell(indexHtml, locales)
    expect(html).not.toMatch(/\{\{/)
    expect(html).toContain(`<h1 class="boot-title">${locales.hk.pages.market}</h1>`)
    expect(html).toContain('<script vite-ignore src="/app-shell.js"></script>')
  })

  it("draws the same brand mark as the app's sign-in screen", () => {
    // Attribute by attribute: JSX's names are HTML's, and the shell's gradient has an id of its own.
    const normalise = (svg: string) =>
      svg
        .replace(/\s*\n\s*/g, ' ')
        .replace(/ \/>/g, '/>')
        .replace(/><\/(stop|rect|path|circle)>/g, '/>')
        .replace(/boot-brand-gradient/g, 'brand-gradient')
        .replace(/ class="brand-mark"/, '')
        .replace(/>\s+</g, '><')
    const app = normalise(renderToStaticMarkup(<BrandMark size={40} />))
    const shell = normalise(/<svg width="40"[\s\S]*?<\/svg>/.exec(indexHtml)?.[0] ?? '')
    expect(shell).toBe(app)
  })

  it('draws the same tab icons as the app tab bar', () => {
    const icons = [MarketIcon, TradeIcon, OrdersIcon, RankIcon, MineIcon].map((Icon) =>
      renderToStaticMarkup(<Icon />)
        .replace(/^<svg[^>]*>|<\/svg>$/g, '')
        .replace(/><\/(path|rect|circle)>/g, '/>'),
    )
    const shellSvgs = [
      ...indexHtml.matchAll(/<svg viewBox="0 0 24 24" aria-hidden="true">([\s\S]*?)<\/svg>/g),
    ].map((match) => match[1]!.replace(/\s*\n\s*/g, '').replace(/ \/>/g, '/>'))
    expect(shellSvgs).toEqual(icons)
  })
})

describe('/app-shell.js in the page', () => {
  const fetchList = vi.fn(() => Promise.resolve({ json: () => Promise.resolve({ code: 1, data: [] }) }))
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchList)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchList.mockClear()
    delete window.__firstTradeList
    document.cookie = 'lang=; max-age=0; path=/'
    localStorage.clear()
    document.body.innerHTML = ''
    window.history.replaceState(null, '', '/')
  })

  /** The page as built, or with `content` where the server writes the first screen. */
  function loadPage(path: string, content?: string) {
    window.history.replaceState(null, '', path)
    let body = renderShell(indexHtml, locales).split('<body>')[1]!.split('</body>')[0]!
    if (content) body = body.replace(/<!--first-screen-->[\s\S]*<!--\/first-screen-->/, content)
    // As the parser does: the head script runs first, then the body arrives.
    document.body.innerHTML = ''
    new Function(shellScript(locales))()
    document.body.innerHTML = body
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('shows the stored language from the texts the app remembered, right to left in Arabic, and marks the route tab', async () => {
    localStorage.setItem('lang', 'ar')
    localStorage.setItem(SHELL_TEXTS_KEY, JSON.stringify(shellDictionary(locales).langs.ar))
    loadPage('/trade')
    await flush()
    expect(document.documentElement.lang).toBe('ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.querySelector('.boot-title')?.textContent).toBe(locales.ar.pages.trade)
    const labels = [...document.querySelectorAll('.boot-tab-label')].map((label) => label.textContent)
    expect(labels).toEqual(TABS.map((tab) => locales.ar.tabs[tab.name]))
    expect(document.querySelector('.boot-tab[aria-current="page"]')?.getAttribute('href')).toBe('/trade')
  })

  it('carries only the default language, and shows it when the remembered texts are of another language or malformed', async () => {
    expect(shellScript(locales)).not.toContain(locales.ar.tabs.market)
    localStorage.setItem('lang', 'jp')
    for (const saved of [JSON.stringify(shellDictionary(locales).langs.ar), '{"c":"jp"}', 'not json']) {
      localStorage.setItem(SHELL_TEXTS_KEY, saved)
      loadPage('/')
      await flush()
      expect(document.documentElement.lang).toBe('zh-Hant-HK')
      expect(document.querySelector('.boot-title')?.textContent).toBe(locales.hk.pages.market)
    }
  })

  const authShown = () => document.getElementById('boot-shell')?.classList.contains('boot-auth-on')
  const text = (selector: string) => document.querySelector(selector)?.textContent

  it('falls back to hk for an unknown language; no tab bar (nor title) off the tab and sign-in screens', async () => {
    localStorage.setItem('lang', 'xx')
    loadPage('/login/')
    await flush()
    expect(document.documentElement.lang).toBe('zh-Hant-HK')
    expect(text('.boot-auth-title')).toBe(locales.hk.auth.welcome)
    expect(document.getElementById('boot-shell')?.classList.contains('boot-with-tabs')).toBe(false)
    localStorage.setItem('token', 'a-token')
    loadPage('/mine/system')
    await flush()
    expect(text('.boot-title')).toBe('')
    expect(authShown()).toBe(false)
    expect(document.getElementById('boot-shell')?.classList.contains('boot-with-tabs')).toBe(false)
  })

  it("draws the sign-in screen's heading for a visitor on a signed-in screen, and the screen itself once signed in", async () => {
    loadPage('/order')
    await flush()
    // As the app's AuthPage: no title in the header, the heading below it, no tabs.
    expect(text('.boot-title')).toBe('')
    expect(authShown()).toBe(true)
    expect(text('.boot-auth-title')).toBe(locales.hk.auth.welcome)
    expect(text('.boot-auth-subtitle')).toBe(locales.hk.auth.loginSubtitle)
    expect(document.getElementById('boot-shell')?.classList.contains('boot-with-tabs')).toBe(false)
    loadPage('/register')
    await flush()
    expect(text('.boot-auth-title')).toBe(locales.hk.auth.registerTitle)
    localStorage.setItem('token', 'a-token')
    loadPage('/order')
    await flush()
    expect(authShown()).toBe(false)
    expect(text('.boot-title')).toBe(locales.hk.pages.orders)
    expect(document.querySelector('.boot-tab[aria-current="page"]')?.getAttribute('href')).toBe('/order')
  })

  it('keeps the header title where remembered texts of an older app have no sign-in headings', async () => {
    const { a: _headings, ...older } = shellDictionary(locales).langs.en!
    localStorage.setItem('lang', 'en')
    localStorage.setItem(SHELL_TEXTS_KEY, JSON.stringify(older))
    loadPage('/login')
    await flush()
    expect(authShown()).toBe(false)
    expect(text('.boot-title')).toBe(locales.en.pages.login)
  })

  it("shows a first visit in the page's language from the texts the server wrote into it", async () => {
    const metas = [
      ['page-lang', 'ar'],
      ['shell-texts', JSON.stringify(shellDictionary(locales).langs.ar)],
    ].map(([name, content]) => {
      const meta = document.createElement('meta')
      meta.name = name!
      meta.content = content!
      document.head.appendChild(meta)
      return meta
    })
    try {
      loadPage('/order')
      await flush()
      expect(document.documentElement.lang).toBe('ar')
      expect(document.documentElement.dir).toBe('rtl')
      expect(text('.boot-auth-title')).toBe(locales.ar.auth.welcome)
      loadPage('/')
      await flush()
      expect(text('.boot-title')).toBe(locales.ar.pages.market)
      expect(text('.boot-tab-label')).toBe(locales.ar.tabs.market)
      // A stored choice of another language: the page's texts are not it.
      localStorage.setItem('lang', 'jp')
      loadPage('/')
      await flush()
      expect(document.documentElement.lang).toBe('zh-Hant-HK')
      // Texts of another language than the page's are not taken either.
      localStorage.removeItem('lang')
      metas[0]!.content = 'en'
      loadPage('/')
      await flush()
      expect(document.documentElement.lang).toBe('zh-Hant-HK')
    } finally {
      metas.forEach((meta) => meta.remove())
    }
  })

  it('starts, with no stored choice, in the language the server wrote the page in', async () => {
    const served = (lang: string) => {
      const meta = document.createElement('meta')
      meta.name = 'page-lang'
      meta.content = lang
      document.head.appendChild(meta)
      return meta
    }
    const meta = served('jp')
    try {
      loadPage('/', serverContent('jp'))
      await flush()
      expect(contentShown()).toBe(true)
      expect(document.cookie).toContain('lang=jp')
      expect(window.__firstTradeList?.lang).toBe('jp')
      // A stored choice outranks it.
      localStorage.setItem('lang', 'de')
      loadPage('/', serverContent('jp'))
      await flush()
      expect(contentShown()).toBe(false)
      expect(document.cookie).toContain('lang=de')
    } finally {
      meta.remove()
    }
  })

  it('sets the theme from storage, else from the system', () => {
    localStorage.setItem('theme', 'dark')
    loadPage('/')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(document.documentElement.dataset.prefersColorScheme).toBe('dark')
    localStorage.setItem('theme', 'light')
    loadPage('/')
    expect(document.documentElement.dataset.theme).toBe('light')
  })

  const serverContent = (lang: string, instrument?: number) =>
    `<div class="boot-content" data-lang="${lang}"${instrument ? ` data-instrument="${instrument}"` : ''}><b>1.08412</b></div>`
  const contentShown = () => !(document.querySelector('.boot-content') as HTMLElement).hidden

  it("keeps the server's first screen only when it is in the language the app starts in", async () => {
    loadPage('/', serverContent('hk'))
    await flush()
    expect(contentShown()).toBe(true)
    localStorage.setItem('lang', 'en')
    loadPage('/', serverContent('hk'))
    await flush()
    expect(contentShown()).toBe(false)
    loadPage('/', serverContent('en'))
    await flush()
    expect(contentShown()).toBe(true)
    // A stored value that is no language code is never written into the cookie.
    document.cookie = 'lang=; max-age=0; path=/'
    localStorage.setItem('lang', 'en; domain=example.com')
    loadPage('/', serverContent('hk'))
    await flush()
    expect(contentShown()).toBe(true)
    expect(document.cookie).not.toContain('lang=')
  })

  it('writes the closed-market notice under a closed quote, or leaves it to the app with older texts', async () => {
    const closedQuote = `<div class="boot-content" data-lang="en" data-instrument="3"><b>1.08412</b><div class="boot-notice"><p></p></div></div>`
    localStorage.setItem('lang', 'en')
    localStorage.setItem(SHELL_TEXTS_KEY, JSON.stringify(shellDictionary(locales).langs.en))
    loadPage('/trade?id=3', closedQuote)
    await flush()
    expect(text('.boot-notice p')).toBe(locales.en.trade.marketClosed)
    const { n: _notice, ...older } = shellDictionary(locales).langs.en!
    localStorage.setItem(SHELL_TEXTS_KEY, JSON.stringify(older))
    loadPage('/trade?id=3', closedQuote)
    await flush()
    expect(document.querySelector('.boot-notice')).toBeNull()
    expect(contentShown()).toBe(true)
  })

  it("keeps /trade's quote only when it is of the instrument the app opens", async () => {
    loadPage('/trade', serverContent('hk', 3))
    await flush()
    expect(contentShown()).toBe(true)
    localStorage.setItem('current_instrument', '5')
    loadPage('/trade', serverContent('hk', 3))
    await flush()
    expect(contentShown()).toBe(false)
    loadPage('/trade?id=3', serverContent('hk', 3))
    await flush()
    expect(contentShown()).toBe(true)
    localStorage.setItem('current_instrument', '3')
    loadPage('/trade', serverContent('hk', 3))
    await flush()
    expect(contentShown()).toBe(true)
  })

  it('tells the server the stored language (a cookie) for the next page it writes', () => {
    localStorage.setItem('lang', 'jp')
    loadPage('/order')
    expect(document.cookie).toContain('lang=jp')
  })

  it('asks for the instrument list at once on / and /trade, in the language the app starts in', async () => {
    localStorage.setItem('lang', 'de')
    loadPage('/trade')
    expect(fetchList).toHaveBeenCalledWith('/v1/api/forex/trade_list', {
      headers: { lang: 'de', accept: 'application/json' },
    })
    expect(window.__firstTradeList?.lang).toBe('de')
    expect(await window.__firstTradeList?.answer).toEqual({ code: 1, data: [] })
    fetchList.mockClear()
    loadPage('/order')
    expect(fetchList).not.toHaveBeenCalled()
    // A failed request is an empty answer, which the app replaces with its own.
    fetchList.mockImplementationOnce(() => Promise.reject(new TypeError('offline')))
    loadPage('/')
    expect(await window.__firstTradeList?.answer).toBeNull()
  })
})
