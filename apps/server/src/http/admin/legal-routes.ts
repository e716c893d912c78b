import type { FastifyInstance } from 'fastify'
import {
  appropriatenessSaveRequest,
  idPathParams,
  legalDraftRequest,
  type StaffAppropriateness,
  type StaffLegalDocument,
} from '@tp/contracts'
import { audit } from '../../audit/audit.ts'
import { publishDocument, saveDraft, staffDocuments } from '../../legal/documents.ts'
import { saveQuestionnaire, staffQuestionnaire } from '../../legal/appropriateness.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * The legal documents for staff (issue 26, decision 045): every version, a draft written per
 * language and published once; and the appropriateness questionnaire (decision 046). Each change
 * audited in its transaction. Admins only (`legal.edit`).
 */
export function adminLegalRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: requireStaff(db, clock, 'legal.edit') }

  app.get('/admin/api/legal', guard, async (request) =>
    ok<{ list: StaffLegalDocument[] }>(request, { list: await staffDocuments(db) }),
  )

  /** A new draft of a kind (without `id`), or a draft's texts replaced (`id`). */
  app.post('/admin/api/legal', guard, async (request) => {
    const input = parse(legalDraftRequest, request.body)
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveDraft(tx, input, clock())
      if (saved.ok)
        await audit(tx, actorOf(request), {
          action: 'legal.draft',
          target: `legal:${saved.value.id}`,
          after: { kind: input.kind, version: saved.value.version, languages: Object.keys(input.texts) },
        })
      return saved
    })
    return answer(request, outcome, 'saved')
  })

  app.get('/admin/api/appropriateness', guard, async (request) =>
    ok<StaffAppropriateness | null>(request, (await staffQuestionnaire(db)) ?? null),
  )

  /** A new version of the appropriateness questionnaire, asked from now on (decision 046). */
  app.post('/admin/api/appropriateness', guard, async (request) => {
    const input = parse(appropriatenessSaveRequest, request.body)
    const saved = await db.transaction(async (tx) => {
      const version = await saveQuestionnaire(tx, input, clock())
      await audit(tx, actorOf(request), {
        action: 'appropriateness.save',
        target: `appropriateness:${version.version}`,
        after: { questions: input.questions.length, pass_score: input.pass_score },
      })
      return version
    })
    return ok(request, saved, 'saved')
  })

  /** Publishes a draft: clients are asked to accept it (the agreement and risk disclosure) before they go on. */
  app.post('/admin/api/legal/:id/publish', guard, async (request) => {
    const { id } = parse(idPathParams, request.params)
    const outcome = await db.transaction(async (tx) => {
      const published = await publishDocument(tx, id, clock())
      if (published.ok)
        await audit(tx, actorOf(request), {
          action: 'legal.publish',
          target: `legal:${id}`,
          after: published.value,
        })
      return published
    })
    return answer(request, outcome, 'saved')
  })
}
