import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CONSENT_GATED_KINDS,
  LEGAL_KINDS,
  appropriatenessAnswerRequest,
  legalAcceptRequest,
  legalDocumentRequest,
  type AppropriatenessTest,
  type LegalDocument,
  type LegalDocumentSummary,
  type RiskWarning,
} from '@tp/contracts'
import { acceptVersions, acceptedAmong } from '../../legal/consents.ts'
import { currentDocuments, documentView, textIn } from '../../legal/documents.ts'
import { riskWarningSource } from '../../legal/risk-warning.ts'
import { acknowledgeWarning, answerTest, testFor } from '../../legal/appropriateness.ts'
import { findSession, tokenFromHeader } from '../../users/sessions.ts'
import { wireTime } from '../../trading/order-view.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * The legal documents for clients (issue 26, decision 045): the current versions (with whether the
 * signed-in client accepted each), one document's text in the reader's language, accepting a
 * version, and the risk warning's figure; and the appropriateness test (decision 046). Reading is open to anyone: a visitor reads them before
 * registering.
 */
export function legalRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const signedIn = {
    preHandler: requireSession(db, clock),
    config: perUserRateLimited('notices', deps.rateLimits.notices),
  }
  const riskWarning = riskWarningSource(db, clock)

  /** The caller's user id when the request carries a live session; undefined otherwise (no refusal). */
  async function optionalUser(request: FastifyRequest) {
    const token = tokenFromHeader(request.headers.authorization)
    return token ? (await findSession(db, token, clock()))?.userId : undefined
  }

  app.get('/api/legal/documents', async (request) => {
    const lang = langOf(request)
    const current = await currentDocuments(db)
    const userId = await optionalUser(request)
    const accepted =
      userId === undefined
        ? new Set<number>()
        : await acceptedAmong(
            db,
            userId,
            [...current.values()].map((d) => d.id),
          )
    const list = LEGAL_KINDS.flatMap((kind): LegalDocumentSummary[] => {
      const document = current.get(kind)
      if (!document) return []
      return [
        {
          kind,
          version: document.version,
          title: textIn(document, lang).title,
          published_at: wireTime((document.publishedAt ?? document.createdAt).getTime()),
          accepted: accepted.has(document.id),
          required: CONSENT_GATED_KINDS.includes(kind),
        },
      ]
    })
    return ok<{ list: LegalDocumentSummary[] }>(request, { list })
  })

  app.get('/api/legal/document', async (request, reply) => {
    const { kind } = parse(legalDocumentRequest, request.query)
    const document = (await currentDocuments(db)).get(kind)
    if (!document) return sendRefusal(reply, 200, 'not_found')
    return ok<LegalDocument>(request, documentView(document, langOf(request)))
  })

  app.post('/api/legal/accept', signedIn, async (request) => {
    const { kind, version } = parse(legalAcceptRequest, request.body ?? {})
    const who = { userId: sessionOf(request).userId, address: request.ip, via: 'app' as const, now: clock() }
    return answer(request, await acceptVersions(db, [{ kind, version }], who, langOf(request)), 'saved')
  })

  app.get('/api/legal/risk_warning', async (request) => ok<RiskWarning>(request, await riskWarning()))

  // The appropriateness test (decision 046): asked before the first real trade.
  app.get('/api/appropriateness', signedIn, async (request, reply) => {
    const test = await testFor(db, sessionOf(request).userId, langOf(request))
    return test ? ok<AppropriatenessTest>(request, test) : sendRefusal(reply, 200, 'not_found')
  })

  app.post('/api/appropriateness/answer', signedIn, async (request) => {
    const { answers } = parse(appropriatenessAnswerRequest, request.body ?? {})
    return answer(request, await answerTest(db, sessionOf(request).userId, answers, request.ip, clock()))
  })

  app.post('/api/appropriateness/acknowledge', signedIn, async (request) =>
    answer(request, await acknowledgeWarning(db, sessionOf(request).userId, clock()), 'saved'),
  )
}
