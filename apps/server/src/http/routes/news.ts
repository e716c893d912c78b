import type { FastifyInstance } from 'fastify'
import { newsInfoRequest, newsListRequest, type NewsPage } from '@tp/contracts'
import { newsInfo, newsList } from '../../news/news.ts'
import { answer, langOf, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'

/**
 * The news calls (docs/product.md "Calls"): public, no sign-in. Each answers in the request's language,
 * falling back to English, then Traditional Chinese, then any language the article has.
 */
export function newsRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db } = deps

  app.get('/api/news/list', async (request) => {
    const { category_id, page, limit } = parse(newsListRequest, request.query)
    return ok<NewsPage>(request, await newsList(db, langOf(request), category_id, page, limit))
  })

  app.get('/api/news/info', async (request) => {
    const { id } = parse(newsInfoRequest, request.query)
    return answer(request, await newsInfo(db, langOf(request), id))
  })
}
