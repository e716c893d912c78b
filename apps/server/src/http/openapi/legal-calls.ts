import {
  appropriatenessAnswerRequest,
  appropriatenessSaveRequest,
  idPathParams,
  legalAcceptRequest,
  legalDocumentRequest,
  legalDraftRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'
import { staff } from './staff-auth.ts'

/** The legal documents and the risk warning for clients (issue 26, decision 045; routes/legal.ts). */
export const PHONE_LEGAL_CALLS: Call[] = [
  {
    method: 'GET',
    path: '/api/legal/documents',
    summary:
      "The current version of each legal document (`{list}`), titled in the request's language; with a session, whether the client accepted each; `required`: needed before a real deposit or trade",
    auth: 'none',
    answer: '{ list: LegalDocumentSummary[] }',
  },
  {
    method: 'GET',
    path: '/api/legal/document',
    summary: "One current document's text in the request's language, else English (`lang` says which)",
    auth: 'none',
    query: legalDocumentRequest,
    answer: 'LegalDocument',
  },
  {
    method: 'POST',
    path: '/api/legal/accept',
    summary:
      'Accept a version of a document (recorded with the time and address); a version that is not the current one is refused (`legal_version_outdated`)',
    auth: 'session',
    body: legalAcceptRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/legal/risk_warning',
    summary:
      "The risk warning's figure: the share (percent, null without data) of the platform's real accounts whose trades closed in the last 12 months lost money in sum",
    auth: 'none',
    answer: 'RiskWarning',
  },
  {
    method: 'GET',
    path: '/api/appropriateness',
    summary:
      "The appropriateness test (decision 046) in the request's language, the client's latest result and whether they are cleared to trade real money",
    auth: 'session',
    answer: 'AppropriatenessTest',
  },
  {
    method: 'POST',
    path: '/api/appropriateness/answer',
    summary:
      'Answer the current test (`answers`: the option picked for each question, `0,2,1,…`); scored and recorded with the address',
    auth: 'session',
    body: appropriatenessAnswerRequest,
    limited: true,
    answer: 'AppropriatenessResult',
  },
  {
    method: 'POST',
    path: '/api/appropriateness/acknowledge',
    summary: 'Go on after a failed test’s warning (recorded): real trading is then allowed',
    auth: 'session',
    limited: true,
  },
]

/** The legal documents for staff (routes/../admin/legal-routes.ts): admins only. */
export const BACK_OFFICE_LEGAL_CALLS: Call[] = [
  {
    method: 'GET',
    path: '/admin/api/legal',
    summary:
      'Every version of every legal document, newest first, with its texts and how many clients accepted it',
    auth: staff('legal.edit'),
    answer: '{ list: StaffLegalDocument[] }',
  },
  {
    method: 'POST',
    path: '/admin/api/legal',
    summary:
      "A new draft of a kind (the next version; one draft per kind), or a draft's texts replaced (`id`); English is required; published versions never change",
    auth: staff('legal.edit'),
    body: legalDraftRequest,
  },
  {
    method: 'POST',
    path: '/admin/api/legal/{id}/publish',
    summary:
      'Publish a draft: the current version of its kind from now on; a new client agreement or risk disclosure is asked for before each client’s next deposit or trade',
    auth: staff('legal.edit'),
    params: idPathParams,
  },
  {
    method: 'GET',
    path: '/admin/api/appropriateness',
    summary: 'The current appropriateness questionnaire with its right answers, and how its results went',
    auth: staff('legal.edit'),
    answer: 'StaffAppropriateness | null',
  },
  {
    method: 'POST',
    path: '/admin/api/appropriateness',
    summary:
      'Save a new version of the questionnaire (English required, the same options in every language), asked from now on',
    auth: staff('legal.edit'),
    body: appropriatenessSaveRequest,
  },
]
