import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageFromTags,
  SHELL_TEXTS_FILE,
  type LanguageCode,
} from '@tp/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PUBLIC_DATA_COMPRESSION } from '../http/compression.ts'
import type { InstrumentDef } from '../market/catalogue.ts'
import type { MarketData } from '../market/market-data.ts'
import type { TradingReads } from '../trading/trading-reads.ts'
import { getSetting } from '../settings/settings.ts'
import type { Db } from '../db/client.ts'
import {
  CONTENT_START,
  FIRST_SCREEN_ROWS,
  marketRowsHtml,
  tradeQuoteHtml,
  withBrandName,
  withFirstScreen,
  withPageLanguage,
  type Freshness,
} from './first-screen-html.ts'

interface Sources {
  db: Db
  market: MarketData
  reads: TradingReads
  clock: () => Date
}

/**
 * The phone app's pages: index.html in the reader's language (page-lang and the shell's texts, for
 * every path the app's router answers), and `/` and `/trade` with their first screen written in
 * from the server's live quotes (docs/decisions/017-first-screen-in-the-page.md). A page is never
 * cached (`no-cache`), so it is as fresh as the request; the service worker's copy of index.html
 * has the skeleton and the default language instead. Returns the sender of every other path's page.
 */
export function firstScreenRoutes(
  app: FastifyInstance,
  webDist: string,
  { db, market, reads, clock }: Sources,
) {
  const built = builtPage(webDist, (message) => app.log.warn(message))
  const options = { ...PUBLIC_DATA_COMPRESSION }
  // `/` and `/trade`: their first screen in `lang`, made afresh per request (live prices).
  const send = (reply: FastifyReply, lang: LanguageCode, content: string) => {
    const { html, shellTexts } = built()
    return sendPage(reply, withPageLanguage(withFirstScreen(html, content), lang, shellTexts(lang)))
  }

  const now = async (): Promise<Freshness> => ({
    nowMs: clock().getTime(),
    maxQuoteAgeMs: (await reads.riskSettings()).maxQuoteAgeMs,
  })
  // Only the instruments written are turned into trade_list items.
  const view = (defs: readonly InstrumentDef[], lang: LanguageCode, nowMs: number) =>
    defs.map((def) => market.view(def, nowMs, lang))

  app.get('/', options, async (request, reply) => {
    const lang = pageLanguage(request)
    const fresh = await now()
    const category = queryParam(request, 'category')
    // A chosen chip: the rows of its category; the favourites live on the phone, so none.
    const categoryId = category === undefined ? undefined : Number(category)
    const defs =
      category === undefined
        ? market.instruments()
        : Number.isSafeInteger(categoryId) && (categoryId as number) > 0
          ? market.instruments().filter((def) => def.categoryId === categoryId)
          : []
    const rows = view(defs.slice(0, FIRST_SCREEN_ROWS), lang, fresh.nowMs)
    return send(reply, lang, marketRowsHtml(rows, lang, fresh))
  })

  app.get('/trade', options, async (request, reply) => {
    const lang = pageLanguage(request)
    const fresh = await now()
    const id = queryParam(request, 'id')
    // As the app chooses (use-current-instrument.ts): the one asked for, else the first. A phone
    // that showed another one last time says so itself: app-shell.js hides this one then.
    const all = market.instruments()
    const def = id === undefined ? all[0] : all.find((entry) => String(entry.id) === id)
    const [item] = view(def ? [def] : [], lang, fresh.nowMs)
    return send(reply, lang, tradeQuoteHtml(item, lang, fresh))
  })

  // Every other path: the same page for all readers of a language, compressed once per build,
  // language and site name. It may be a sign-in screen (a visitor's Orders or Mine too), whose
  // heading names the site.
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const brand = (await getSetting(db, 'site_title')).trim()
    const lang = pageLanguage(request)
    const { html, shellTexts, compressed } = built()
    const page = compressed(`${lang}\n${brand}`, () =>
      withPageLanguage(withBrandName(html, brand), lang, shellTexts(lang)),
    )
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
    if (encoding) reply.header('content-encoding', encoding)
    return sendPage(reply, encoding ? page[encoding] : page.text, 'cookie, accept-language, accept-encoding')
  }
}

/** A page as text and compressed, best first: it is sent many times for each time it is made. */
interface CompressedPage {
  text: string
  br: Buffer
  gzip: Buffer
}

function compressPage(text: string): CompressedPage {
  return {
    text,
    br: brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      },
    }),
    gzip: gzipSync(text, { level: constants.Z_BEST_COMPRESSION }),
  }
}

/** Languages times site names a build's pages are kept for; a site renamed often starts afresh. */
const KEPT_PAGES = 64

const sendPage = (reply: FastifyReply, html: string | Buffer, vary = 'cookie, accept-language') =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary).send(html)

/**
 * The built index.html and the shell's texts beside it (SHELL_TEXTS_FILE), read again when the build
 * changes on disk (its asset names change with every build); a page without the markers is served
 * as it is, and one without the texts in the default language, with a warning, once per build.
 */
function builtPage(webDist: string, warn: (message: string) => void) {
  const file = join(webDist, 'index.html')
  const nothing = (_lang: LanguageCode): string | undefined => undefined
  let current = { html: '', shellTexts: nothing, compressed: keptPages() }
  let builtAt = -1
  return () => {
    const modified = statSync(file).mtimeMs
    if (modified !== builtAt) {
      const html = readFileSync(file, 'utf8')
      builtAt = modified
      if (!html.includes(CONTENT_START))
        warn(`${file} has no ${CONTENT_START} marker: no first screen is written in`)
      current = {
        html,
        shellTexts: shellTextsOf(join(webDist, SHELL_TEXTS_FILE), warn),
        compressed: keptPages(),
      }
    }
    return current
  }
}

/** Pages by key, made and compressed on first use; at most KEPT_PAGES. */
function keptPages(): (key: string, make: () => string) => CompressedPage {
  const pages = new Map<string, CompressedPage>()
  return (key, make) => {
    let page = pages.get(key)
    if (!page) {
      if (pages.size >= KEPT_PAGES) pages.clear()
      page = compressPage(make())
      pages.set(key, page)
    }
    return page
  }
}

/** One language's entry of the build's shell texts, as JSON text; undefined when it has none. */
function shellTextsOf(
  file: string,
  warn: (message: string) => void,
): (lang: LanguageCode) => string | undefined {
  let all: Record<string, unknown> = {}
  try {
    all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    warn(`${file} is missing or unreadable: pages show the shell in the default language until the app runs`)
  }
  const texts = new Map<string, string | undefined>()
  return (lang) => {
    if (!texts.has(lang)) texts.set(lang, all[lang] === undefined ? undefined : JSON.stringify(all[lang]))
    return texts.get(lang)
  }
}

/** A query parameter's first value, as the app's URLSearchParams.get reads it. */
function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first : undefined
}

/**
 * The language the page is read in: the `lang` cookie, which `/app-shell.js` sets to the language the
 * app starts in on each visit; on a first visit, the first of the browser's languages
 * (Accept-Language, by preference) that the platform writes (`languageFromTags`, the app's rule);
 * else the default (Traditional Chinese).
 */
export function pageLanguage(request: FastifyRequest): LanguageCode {
  const cookie = request.headers.cookie ?? ''
  const match = /(?:^|;\s*)lang=([a-z]{2,3})(?:;|$)/.exec(cookie)
  if (match && isLanguageCode(match[1])) return match[1]
  return languageFromTags(acceptedTags(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE
}

/** Accept-Language's tags, most preferred first (`q` 0 means "not this one"); at most 16 are read. */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .slice(0, 16)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}
