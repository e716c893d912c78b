/**
 * The app shell that index.html draws before any JavaScript (header, tab bar, list skeleton): its
 * texts in the 21 languages, taken at build time from the core locales (vite.config.ts,
 * `transformIndexHtml`), and the small inline script that picks the user's language and the current
 * route's tab. Plain data and string work only, so that Vite's config and the unit tests can both
 * run it.
 */
import { LANGUAGES } from '../../../../../packages/contracts/src/languages.ts'
import { StorageKey } from '../../common/lib/storage.ts'
// For its declaration of `window.__firstTradeList`.
import type {} from '../../common/market/first-data.ts'
import { SCREENS, TABS } from '../screens.ts'

type Messages = Record<string, unknown>

/** One language's shell texts, as the inline script reads them (short keys: it is in every page). */
export interface ShellTexts {
  /** Our language id (hk, en, ...), so texts remembered for one language are never shown for another. */
  c: string
  /** `<html lang>`, as common/i18n sets it. */
  l: string
  /** 1 when the language is written right to left (`<html dir="rtl">`). */
  r: 0 | 1
  /** Tab labels, in TABS order. */
  t: string[]
  /** The skeleton's accessible name ("Loading…"). */
  b: string
  /** Page titles, in SHELL_SCREENS order (`paths` of the dictionary). */
  p: string[]
  /**
   * The sign-in screens' headings, [title, subtitle] in AUTH_SCREENS order: drawn by the shell
   * where the app will show one (a visitor on Orders or Mine lands on /login). Absent in texts
   * remembered by an older app, which then show the header only.
   */
  a?: [string, string][]
  /**
   * /trade's closed-market notice (`trade.marketClosed`, of the `trading` message part), drawn under
   * a closed instrument's quote that the server wrote in. Absent where the part was not loaded when
   * the app remembered the texts: the shell then leaves it to the app.
   */
  n?: string
}

export interface ShellDictionary {
  paths: string[]
  /** AUTH_SCREENS' paths. */
  auth: string[]
  tabs: string[]
  /**
   * The tabs only a signed-in user sees (Orders, Mine): a visitor without a token who opens one is
   * sent to /login by the app, so the shell draws /login's header and no tab bar instead of the
   * tab's. The tabs only: they are where a visitor lands, and every path more would be in every
   * first load.
   */
  signedIn: string[]
  langs: Record<string, ShellTexts>
  /** The storage key under which the app remembers the current language's texts (SHELL_TEXTS_KEY). */
  key: string
  /** What each route's screen needs first, fetched once the shell has painted. */
  preload: ShellPreload
}

export interface ShellPreload {
  /**
   * Built files of a route's screen (its chunk, the chunks only it imports, its CSS), fetched as the
   * page starts instead of after the app's code has run and asked for them.
   */
  files: Record<string, string[]>
  /** A route's message part (common/i18n), its built file by language: the reader's one is fetched. */
  parts: Record<string, Record<string, string>>
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Messages)[part]
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined
}

/**
 * The screens whose title the shell writes: the five tabs and the sign-in screens the signed-out
 * tabs lead to. Others show the header without a title until the app draws it (every language's
 * every title would double the script, which is part of the first load).
 */
const TITLED_PATHS = new Set<string>([...TABS.map((tab) => tab.key), '/login', '/register', '/forgot'])
export const SHELL_SCREENS = SCREENS.filter((screen) => TITLED_PATHS.has(screen.path))

/**
 * The sign-in screens (features/auth, AuthPage) and their heading's message keys: the app draws
 * them with an empty header and a hero (brand, title, subtitle), which the shell draws too.
 */
export const AUTH_SCREENS = [
  { path: '/login', title: 'auth.welcome', subtitle: 'auth.loginSubtitle' },
  { path: '/register', title: 'auth.registerTitle', subtitle: 'auth.registerSubtitle' },
  { path: '/forgot', title: 'auth.forgotTitle', subtitle: 'auth.forgotSubtitle' },
] as const

/** The closed-market notice's message key (features/trade, QuotePanel). */
const CLOSED_NOTICE = 'trade.marketClosed'

/**
 * The storage key of the current language's shell texts, written by the app whenever it applies a
 * language (rememberShellTexts) and read by `/app-shell.js` on the next visit: the script carries
 * only the default language's texts, not the 21 languages' (they would be most of the first load).
 */
export const SHELL_TEXTS_KEY = StorageKey.SHELL_TEXTS

/** One language's shell texts; `text` answers a message key, undefined when the language has none. */
export function shellTexts(
  language: (typeof LANGUAGES)[number],
  text: (key: string) => string | undefined,
): ShellTexts {
  const required = (key: string) => {
    const value = text(key)
    if (value === undefined) throw new Error(`app shell: ${language.code} has no text for ${key}`)
    return value
  }
  return {
    c: language.code,
    l: language.htmlLang,
    r: language.rtl ? 1 : 0,
    t: TABS.map((tab) => required(tab.title)),
    b: required('common.loading'),
    p: SHELL_SCREENS.map((screen) => required(screen.title)),
    a: AUTH_SCREENS.map((screen) => [required(screen.title), required(screen.subtitle)]),
    n: text(CLOSED_NOTICE),
  }
}

/**
 * The shell's texts in every language of `locales` (code → core messages). Throws, naming the
 * language and key, when one is missing: a build with a blank tab label must not ship.
 */
export function shellDictionary(
  locales: Record<string, Messages>,
  preload: ShellPreload = { files: {}, parts: {} },
): ShellDictionary {
  const langs: Record<string, ShellTexts> = {}
  for (const language of LANGUAGES) {
    const messages = locales[language.code]
    if (!messages) throw new Error(`app shell: no messages for ${language.code}`)
    const texts = shellTexts(language, (key) => lookup(messages, key))
    if (texts.n === undefined) throw new Error(`app shell: ${language.code} has no text for ${CLOSED_NOTICE}`)
    langs[language.code] = texts
  }
  return {
    paths: SHELL_SCREENS.map((s) => s.path),
    auth: AUTH_SCREENS.map((s) => s.path),
    tabs: TABS.map((t) => t.key),
    signedIn: TABS.filter(
      (tab) => SCREENS.find((screen) => screen.path === tab.key)?.access !== 'public',
    ).map((tab) => tab.key),
    langs,
    key: SHELL_TEXTS_KEY,
    preload,
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Runs in the page as `/app-shell.js`, a classic script in index.html's <head> (the server's content
 * security policy allows no inline script), so before the first paint: the theme (the stored
 * 'light' | 'dark', else the system's; kept afterwards by common/theme/theme.ts), the stored
 * language's `<html lang dir>` (as common/i18n sets them), and, once the parser has inserted the
 * shell, its texts, the current route's title and active tab (no tab bar off the five tab screens).
 * Self-contained: it is shipped as its own source text.
 */
export function startShell(dictionary: ShellDictionary): void {
  const storage = (key: string) => {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  }
  const root = document.documentElement
  const address = window.location.pathname.replace(/(.)\/+$/, '$1')
  // What the app will show: a visitor (no token) on a signed-in tab lands on the sign-in screen
  // (app/guards/require-auth.tsx), whose title the shell shows at once rather than the tab's, which
  // would flash with its tab bar until the app has run and redirected.
  const path = dictionary.signedIn.includes(address) && !storage('token') ? '/login' : address
  // The app's modules (index.html's `app-preload`, see vite.config.ts) and the route's screen are
  // asked for once the shell has painted: the first paint waits for nothing but the page and its
  // two small files, and the app's code follows a frame later instead of sharing the line with it.
  const preload = () => {
    const app = document.querySelector('meta[name="app-preload"]')?.getAttribute('content') ?? ''
    const part = dictionary.preload.parts[path]?.[language]
    const files = [
      ...app.split(' ').filter(Boolean),
      ...[...(dictionary.preload.files[path] ?? []), ...(part ? [part] : [])].map((f) => `/${f}`),
    ]
    // A few at a time, each batch a task of its own: asking for twenty files at once is a long
    // task on a slow phone (a few milliseconds each).
    const next = (from: number) => {
      for (const file of files.slice(from, from + 4)) {
        const link = document.createElement('link')
        const css = file.endsWith('.css')
        link.rel = css ? 'preload' : 'modulepreload'
        if (css) link.as = 'style'
        link.href = file
        // As Vite's own tags and loader ask for them (CORS, same-origin credentials): a preload
        // made otherwise would not be reused, and the file would be fetched twice.
        link.crossOrigin = ''
        document.head.appendChild(link)
      }
      if (from + 4 < files.length) setTimeout(() => next(from + 4), 0)
    }
    next(0)
  }
  let preloading = false
  const preloadAfterPaint = () => {
    if (preloading) return
    preloading = true
    if (typeof window.requestAnimationFrame === 'function')
      window.requestAnimationFrame(() => setTimeout(preload, 0))
    else setTimeout(preload, 0)
  }
  document.addEventListener('DOMContentLoaded', preloadAfterPaint)
  const choice = storage('theme')
  const dark =
    choice === 'dark' ||
    (choice !== 'light' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches)
  root.setAttribute('data-theme', dark ? 'dark' : 'light')
  // antd-mobile's own dark mode keys on this attribute.
  root.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light')
  if (dark) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', '#0e1116')

  // The language the app will start in (common/i18n's startLanguage): the stored choice, else the
  // one the server wrote the page in (`page-lang`: the first of the browser's languages it writes,
  // by the same rule, first-screen-routes.ts). Told to the server for the next page it writes.
  const code =
    storage('lang') ?? document.querySelector('meta[name="page-lang"]')?.getAttribute('content') ?? null
  const language = code && /^[a-z]{2,3}$/.test(code) ? code : 'hk'
  if (code === language) document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`
  // The first screen's instrument list, asked for now, beside the app's code rather than after it
  // (taken by common/market/first-data.ts, in the language the app starts in).
  if (path === '/' || path === '/trade') {
    try {
      window.__firstTradeList = {
        at: Date.now(),
        lang: language,
        // A failure is an empty answer: the app then asks itself.
        answer: fetch('/v1/api/forex/trade_list', { headers: { lang: language, accept: 'application/json' } })
          .then((response) => response.json())
          .catch(() => null),
      }
    } catch {
      // No fetch: the app asks for the list itself.
    }
  }
  // The script carries the default language's texts only. Others come with the page (`shell-texts`,
  // written by the server in the language of `page-lang`: web-shell/first-screen-routes.ts) or from
  // what the app remembered for the stored language; anything malformed or of another language is
  // ignored.
  const parsed = (json: string | null | undefined): ShellTexts | undefined => {
    try {
      const found = JSON.parse(json ?? 'null') as ShellTexts | null
      return found && found.c === code && Array.isArray(found.t) && Array.isArray(found.p) ? found : undefined
    } catch {
      return undefined
    }
  }
  let texts =
    (code ? dictionary.langs[code] : undefined) ??
    parsed(document.querySelector('meta[name="shell-texts"]')?.getAttribute('content')) ??
    parsed(storage(dictionary.key))
  texts ??= dictionary.langs.hk
  if (!texts) return
  root.lang = texts.l
  root.dir = texts.r ? 'rtl' : 'ltr'

  const fill = (shell: HTMLElement) => {
    const screen = dictionary.paths.indexOf(path)
    // A sign-in screen: the app's has no title in its header, and a heading below it.
    const heading = texts.a?.[dictionary.auth.indexOf(path)]
    const title = shell.querySelector('.boot-title')
    if (title) title.textContent = heading ? '' : screen >= 0 ? (texts.p[screen] ?? '') : ''
    shell.classList.toggle('boot-auth-on', heading !== undefined)
    if (heading) {
      const [headingTitle, headingSubtitle] = heading
      const set = (selector: string, text: string) => {
        const element = shell.querySelector(selector)
        if (element) element.textContent = text
      }
      set('.boot-auth-title', headingTitle)
      set('.boot-auth-subtitle', headingSubtitle)
    }
    shell.querySelector('.boot-list')?.setAttribute('aria-label', texts.b)
    // Not shown with texts that lack it: the app's quote panel says it.
    const notice = shell.querySelector('.boot-notice')
    const words = notice?.querySelector('p')
    if (words && texts.n) words.textContent = texts.n
    else notice?.remove()
    // The server's first screen (prices written into the page) stays only if it is what the app
    // will show: in the app's language, and on /trade the instrument the app opens (the one in the
    // address, else the one shown last).
    const content = shell.querySelector<HTMLElement>('.boot-content')
    if (content) {
      const shown = content.getAttribute('data-instrument')
      const opens = new URLSearchParams(window.location.search).get('id') ?? storage('current_instrument')
      if (
        content.getAttribute('data-lang') !== language ||
        (shown !== null && opens !== null && opens !== shown)
      )
        content.hidden = true
    }
    const tab = dictionary.tabs.indexOf(path)
    shell.classList.toggle('boot-with-tabs', tab >= 0)
    shell.querySelectorAll('.boot-tab').forEach((item, index) => {
      const label = item.querySelector('.boot-tab-label')
      if (label) label.textContent = texts.t[index] ?? ''
      if (index === tab) item.setAttribute('aria-current', 'page')
      else item.removeAttribute('aria-current')
    })
  }
  // The shell is complete once the element after it (#root) is in: a mutation callback runs before
  // the browser may paint, so the default language's texts are never seen.
  const done = () => {
    const shell = document.getElementById('boot-shell')
    if (!shell || !document.getElementById('root')) return false
    fill(shell)
    // The frame after this one shows the shell: the app's files are asked for once it is painted.
    preloadAfterPaint()
    // A page's first Intl.NumberFormat sets up the engine's number formatting: 15 to 70 ms on a
    // desktop whatever the locale, several times that on a phone, and every figure the app shows goes
    // through Intl. Done here, before the shell's first paint (this callback runs before the browser
    // may paint), so that it delays the paint a little rather than block a tap later: inside the
    // app's first render, or in a task of its own after the paint, it would be a long task of the
    // load (decision 041).
    try {
      new Intl.NumberFormat(texts.l).format(0)
    } catch {
      // An engine without Intl's locales: the app falls back on its own.
    }
    return true
  }
  if (done()) return
  const observer = new MutationObserver(() => {
    if (done()) observer.disconnect()
  })
  observer.observe(root, { childList: true, subtree: true })
  document.addEventListener('DOMContentLoaded', () => observer.disconnect())
}

/**
 * The source of `/app-shell.js`: startShell with the default language's texts (every language is
 * checked here, so a missing label still fails the build) and the routes' files.
 */
export function shellScript(
  locales: Record<string, Messages>,
  preload: ShellPreload = { files: {}, parts: {} },
): string {
  const dictionary = shellDictionary(locales, preload)
  const hk = dictionary.langs.hk
  const json = JSON.stringify({ ...dictionary, langs: hk ? { hk } : {} })
  return `/* The app shell's texts and theme before the first paint: src/app/layout/boot-shell.ts */\n;(${startShell.toString()})(${json})\n`
}

/**
 * SHELL_TEXTS_FILE's content: every language's shell texts, code → texts. The server writes the
 * page's language's into the page (`<meta name="shell-texts">`), where startShell finds them.
 */
export function shellTextsFile(locales: Record<string, Messages>): string {
  return JSON.stringify(shellDictionary(locales).langs)
}

/**
 * index.html with its shell filled in: `{{key}}` placeholders get the default language's text, what
 * a page without JavaScript shows.
 */
export function renderShell(html: string, locales: Record<string, Messages>): string {
  const hk = locales.hk ?? {}
  return html.replace(/\{\{([\w.-]+)\}\}/g, (_, key: string) => {
    const value = lookup(hk, key)
    if (value === undefined) throw new Error(`app shell: index.html asks for ${key}, which hk does not have`)
    return escapeHtml(value)
  })
}
