import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@tp/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PUBLIC_DATA_COMPRESSION } from '../http/compression.ts'
import type { MarketData } from '../market/market-data.ts'
import { marketRowsHtml, tradeQuoteHtml, withFirstScreen } from './first-screen-html.ts'

/**
 * `/` and `/trade` as index.html with their first screen written in from the server's live quotes
 * (docs/decisions/017-first-screen-in-the-page.md). The page is never cached (`no-cache`), so it is
 * as fresh as the request; the service worker's copy of index.html has the skeleton instead.
 */
export function firstScreenRoutes(
  app: FastifyInstance,
  webDist: string,
  market: MarketData,
  clock: () => Date,
) {
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8')
  const send = (content: string) => withFirstScreen(indexHtml, content)
  const options = { ...PUBLIC_DATA_COMPRESSION }

  const items = (lang: LanguageCode) => {
    const now = clock().getTime()
    return market.instruments().map((def) => market.view(def, now, lang))
  }

  app.get('/', options, async (request, reply) => {
    const lang = cookieLanguage(request)
    const category = queryParam(request, 'category')
    // A chosen chip: the rows of its category; the favourites live on the phone, so none.
    const categoryId = category === undefined ? undefined : Number(category)
    const rows =
      category === undefined
        ? items(lang)
        : Number.isSafeInteger(categoryId) && (categoryId as number) > 0
          ? items(lang).filter((item) => item.CategoryId === categoryId)
          : []
    return page(reply).send(send(marketRowsHtml(rows, lang)))
  })

  app.get('/trade', options, async (request, reply) => {
    const lang = cookieLanguage(request)
    const all = items(lang)
    const id = queryParam(request, 'id')
    // As the app chooses (use-current-instrument.ts): the one asked for, else the first. A phone
    // that shows another one last time says so itself: app-shell.js hides this one then.
    const item = id === undefined ? all[0] : all.find((entry) => String(entry.Id) === id)
    return page(reply).send(send(tradeQuoteHtml(item, lang)))
  })
}

const page = (reply: FastifyReply) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie')

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * The language the page is read in: the `lang` cookie, which `/app-shell.js` copies from the app's
 * stored choice on each visit; the app's default (Traditional Chinese) without one.
 */
export function cookieLanguage(request: FastifyRequest): LanguageCode {
  const cookie = request.headers.cookie ?? ''
  const match = /(?:^|;\s*)lang=([a-z]{2,3})(?:;|$)/.exec(cookie)
  return match && isLanguageCode(match[1]) ? match[1] : DEFAULT_LANGUAGE
}
