import type { FastifyInstance, FastifyRequest } from 'fastify'
import { companySaveRequest, idPathParams, newsSaveRequest, staffNewsListRequest } from '@tp/contracts'
import { deleteNews, newsForStaff, saveNews } from '../../news/news.ts'
import { audit } from '../../audit/audit.ts'
import { companiesForStaff, deleteCompany, saveCompany } from '../../staff/content/companies-admin.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * News and partner companies for staff (issue 11, item 5). News HTML is sanitized when saved
 * (news/sanitize.ts) and again when served. Every change is written with its audit row in one
 * transaction.
 */
export function adminContentRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: requireStaff(db, clock, 'content.edit') }
  const idOf = (params: unknown) => parse(idPathParams, params).id

  app.get('/admin/api/news', guard, async (request) => {
    const { page, limit, category_id } = parse(staffNewsListRequest, request.query)
    return ok(request, await newsForStaff(db, page, limit, category_id))
  })

  /** Saves a new article (no `id` in the body) or an edit of one. */
  app.post('/admin/api/news', guard, async (request) => {
    const input = parse(newsSaveRequest, request.body)
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveNews(
        tx,
        {
          ...(input.id ? { id: input.id } : {}),
          categoryId: input.category_id,
          logo: input.logo,
          texts: input.texts,
          published: input.published,
        },
        clock(),
      )
      if (saved.ok)
        await audit(tx, actorOf(request), {
          action: input.id ? 'news.update' : 'news.create',
          target: `news:${saved.value.id}`,
          after: { published: input.published, languages: Object.keys(input.texts) },
        })
      return saved
    })
    return answer(request, outcome, 'saved')
  })

  app.post('/admin/api/news/:id/delete', guard, async (request) => {
    const id = idOf(request.params)
    const outcome = await db.transaction(async (tx) => {
      const deleted = await deleteNews(tx, id)
      if (deleted.ok) await audit(tx, actorOf(request), { action: 'news.delete', target: `news:${id}` })
      return deleted
    })
    return answer(request, outcome)
  })

  app.get('/admin/api/companies', guard, async (request) => ok(request, await companiesForStaff(db)))

  const save = (id: number | undefined) => async (request: FastifyRequest) => {
    const input = parse(companySaveRequest, request.body)
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveCompany(tx, id, input)
      if (saved.ok)
        await audit(tx, actorOf(request), {
          action: id === undefined ? 'company.create' : 'company.update',
          target: `company:${saved.value.after.id}`,
          before: saved.value.before,
          after: saved.value.after,
        })
      return saved
    })
    return answer(request, outcome.ok ? { ok: true as const, value: outcome.value.after } : outcome, 'saved')
  }
  app.post('/admin/api/companies', guard, (request) => save(undefined)(request))
  app.post('/admin/api/companies/:id', guard, (request) => save(idOf(request.params))(request))

  app.post('/admin/api/companies/:id/delete', guard, async (request) => {
    const id = idOf(request.params)
    const outcome = await db.transaction(async (tx) => {
      const deleted = await deleteCompany(tx, id)
      if (deleted.ok)
        await audit(tx, actorOf(request), {
          action: 'company.delete',
          target: `company:${id}`,
          before: deleted.value,
        })
      return deleted
    })
    return answer(request, outcome)
  })
}
