import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  ABBREVIATED_KLINE_LENGTH,
  abbreviatedKlineRequest,
  isDerivedPeriod,
  klineRequest,
  tradeListRequest,
  type Candle,
  type Category,
} from '@tp/contracts'
import { loadCategories, type InstrumentDef } from '../../market/catalogue.ts'
import { recentCandles } from '../../market/candle-store.ts'
import { storedDerivedCandles } from '../../market/derived-store.ts'
import { toCandles } from '../../market/market-data.ts'
import { instrumentLogoSvg } from '../../market/logo-svg.ts'
import { nameIn } from '../../market/instrument-names.ts'
import { langOf, ok, refused, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import { PUBLIC_DATA_COMPRESSION } from '../compression.ts'
import type { RouteDeps } from '../route-deps.ts'
import { refuse } from '../../outcome/outcome.ts'

/** Quotes, candles and the catalogue: public calls, answered from memory where they can be. */
export function marketRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, market } = deps
  const notFound = (request: FastifyRequest) => refused(request, refuse('instrument_not_found'))

  // The answer holds names in the caller's language (`lang` header): any cache must keep one per language.
  app.get('/v1/api/forex/trade_list', PUBLIC_DATA_COMPRESSION, async (request, reply) => {
    const { searchCurrency, category_id } = parse(tradeListRequest, request.query)
    const lang = langOf(request)
    const term = searchCurrency?.toUpperCase() ?? ''
    const compact = term.replace(/[\s/]/g, '')
    const matches = (def: InstrumentDef) =>
      def.code.includes(compact) ||
      def.showCode.includes(term) ||
      def.name.toUpperCase().includes(term) ||
      nameIn(def.names, def.name, lang).toUpperCase().includes(term)
    const now = deps.clock().getTime()
    const items = market
      .instruments()
      .filter((def) => category_id === undefined || def.categoryId === category_id)
      .filter((def) => !term || matches(def))
      .map((def) => market.view(def, now, lang))
    const vary = reply.getHeader('vary')
    reply.header('vary', vary ? `${String(vary)}, lang` : 'lang')
    return ok(request, items)
  })

  app.get('/v1/api/forex/getCategories', async (request) => {
    const lang = langOf(request)
    const rows = await loadCategories(db)
    return ok<Category[]>(
      request,
      rows.map((c) => ({
        Id: c.id,
        Name: c.key,
        NameShowTrans: c.names[lang] ?? c.names.en ?? c.key,
        Sort: c.sort,
      })),
    )
  })

  app.get('/v1/api/forex/kline', PUBLIC_DATA_COMPRESSION, async (request) => {
    const { forex_id, period, limit, before } = parse(klineRequest, request.query)
    if (!market.instrument(forex_id)) return notFound(request)
    const cached = market.candles(forex_id, period, limit, before)
    if (cached) return ok(request, cached)
    if (isDerivedPeriod(period))
      return ok(request, await storedDerivedCandles(db, forex_id, period, limit, before))
    // One more than asked: the candle before the first one gives the first its `Change`.
    const stored = await recentCandles(db, forex_id, period, limit + 1, before)
    const previous = stored.length > limit ? stored.shift() : undefined
    return ok(request, toCandles(stored, previous))
  })

  app.get('/v1/api/forex/abbreviated_cache_kline', PUBLIC_DATA_COMPRESSION, async (request) => {
    const query = parse(abbreviatedKlineRequest, request.query)
    // From memory only: a sparkline of weeks or months shows what memory's days make of them.
    const series = (id: number) => market.candles(id, query.period, ABBREVIATED_KLINE_LENGTH, undefined, true)
    if (query.forex_id !== undefined) {
      const candles = series(query.forex_id)
      return candles ? ok(request, candles) : notFound(request)
    }
    const byId: Record<string, Candle[]> = {}
    for (const id of query.forex_ids ?? []) {
      const candles = series(id)
      if (candles) byId[id] = candles
    }
    return ok(request, byId)
  })

  app.get<{ Params: { file: string } }>('/v1/api/forex/logo/:file', async (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '')
    const def = market.instrumentByCode(code)
    if (!def) return sendRefusal(reply, 404, 'not_found')
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(instrumentLogoSvg(def.code, def.showCode))
  })
}
