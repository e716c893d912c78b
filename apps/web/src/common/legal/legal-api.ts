import type {
  AppropriatenessResult,
  AppropriatenessTest,
  LegalDocument,
  LegalDocumentSummary,
  LegalKind,
  RiskWarning,
} from '@tp/contracts/light'
import { api } from '../api-client.ts'

/*
 * The legal documents and the risk warning (issue 26, docs/decisions/045; docs/openapi.json
 * `/api/legal/*`), in the app's language.
 */

export const LEGAL_DOCUMENTS_QUERY = 'legal-documents'
export const LEGAL_DOCUMENT_QUERY = 'legal-document'
export const RISK_WARNING_QUERY = 'risk-warning'

/** The current documents; with a session, whether the user accepted each. */
export function fetchLegalDocuments(signal?: AbortSignal) {
  return api
    .get<{ list: LegalDocumentSummary[] }>('/api/legal/documents', { silent: true, signal })
    .then((data) => data.list)
}

export function fetchLegalDocument(kind: LegalKind, signal?: AbortSignal) {
  return api.get<LegalDocument>('/api/legal/document', { query: { kind }, silent: true, signal })
}

/** Accepts this version; a newer one published meanwhile is refused (the list shows it). */
export function acceptLegal(kind: LegalKind, version: number) {
  return api.post('/api/legal/accept', { kind, version }, { json: true })
}

export function fetchRiskWarning(signal?: AbortSignal) {
  return api.get<RiskWarning>('/api/legal/risk_warning', { silent: true, signal })
}

export const APPROPRIATENESS_QUERY = 'appropriateness'

/** The appropriateness test in the app's language and where the user stands (decision 046). */
export function fetchAppropriateness(signal?: AbortSignal) {
  return api.get<AppropriatenessTest>('/api/appropriateness', { silent: true, signal })
}

/** The option picked for each question, in order. */
export function answerAppropriateness(answers: number[]) {
  return api.post<AppropriatenessResult>(
    '/api/appropriateness/answer',
    { answers: answers.join(',') },
    { json: true },
  )
}

/** Goes on after a failed test's warning. */
export function acknowledgeAppropriateness() {
  return api.post('/api/appropriateness/acknowledge', {}, { json: true })
}
