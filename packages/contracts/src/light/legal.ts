/*
 * The platform's legal documents and a client's consent to them (issue 26, docs/decisions/045):
 * versioned documents staff write per language, accepted at registration and again when a new
 * version of a gated one is published; and the risk warning every trading screen shows.
 */

export const LEGAL_KINDS = [
  'client_agreement',
  'risk_disclosure',
  'privacy_notice',
  'execution_policy',
] as const
export type LegalKind = (typeof LEGAL_KINDS)[number]

/**
 * The documents whose current version a client must have accepted before a real deposit or trade:
 * a new version of either asks again. The privacy notice and execution policy are shown and their
 * acceptance recorded, but a new version of them does not stop anyone trading.
 */
export const CONSENT_GATED_KINDS: readonly LegalKind[] = ['client_agreement', 'risk_disclosure']

/** The app's page where a client reads and accepts the current documents. */
export const LEGAL_PAGE = '/mine/legal'

/** Longest title and body staff may write (characters). */
export const LEGAL_TITLE_MAX = 200
export const LEGAL_BODY_MAX = 100_000

/** A current document as a client sees it in the list (`GET /api/legal/documents`). */
export interface LegalDocumentSummary {
  kind: LegalKind
  version: number
  title: string
  /** "YYYY-MM-DD HH:mm:ss", UTC. */
  published_at: string
  /** Whether the signed-in client accepted this version (false when signed out). */
  accepted: boolean
  /** Whether this kind must be accepted before a real deposit or trade. */
  required: boolean
}

/** One document's text (`GET /api/legal/document`): in the reader's language, else English. */
export interface LegalDocument {
  kind: LegalKind
  version: number
  title: string
  /** Plain text; paragraphs separated by blank lines. */
  body: string
  /** The language the text is in (the reader's, or English when staff wrote none in theirs). */
  lang: string
  published_at: string
}

/**
 * The risk warning of every screen that offers to trade (`GET /api/legal/risk_warning`): the share
 * of the platform's real accounts that lost money on the trades they closed over the last 12
 * months, computed from those trades; null while no real account has closed one.
 */
export interface RiskWarning {
  percent: number | null
  /** Real accounts with a trade closed in the period. */
  accounts: number
  months: number
}

/** A version of a document as staff see it (`GET /admin/api/legal`). */
export interface StaffLegalDocument {
  id: number
  kind: LegalKind
  version: number
  /** Null: a draft, editable; published versions never change. */
  published_at: string | null
  created_at: string
  texts: Partial<Record<string, { title: string; body: string }>>
  /** Clients who accepted this version. */
  accepted: number
}

/*
 * The appropriateness test (issue 26, decision 046): a short questionnaire staff write, taken
 * before the first real trade. A failed test shows a warning; the client may go on after
 * acknowledging it, and both are recorded, as regulators expect of retail brokers.
 */

/** The app's page of the appropriateness test. */
export const APPROPRIATENESS_PAGE = '/mine/appropriateness'

/** Questions in a questionnaire at most, and options per question. */
export const APPROPRIATENESS_MAX_QUESTIONS = 20
export const APPROPRIATENESS_MAX_OPTIONS = 6

/** One question as a client reads it (`GET /api/appropriateness`): in their language, else English. */
export interface AppropriatenessQuestion {
  question: string
  options: string[]
}

/** The client's latest result, if any. */
export interface AppropriatenessResult {
  passed: boolean
  score: number
  total: number
  /** A failed test the client chose to go on after: when they acknowledged the warning. */
  acknowledged: boolean
  created_at: string
}

/** `GET /api/appropriateness`: the current questionnaire and where the client stands. */
export interface AppropriatenessTest {
  version: number
  questions: AppropriatenessQuestion[]
  pass_score: number
  result: AppropriatenessResult | null
  /** Whether the client may trade real money as far as this test goes. */
  cleared: boolean
}

/** A question as staff write it: its text and options per language (English required), the right option. */
export interface StaffAppropriatenessQuestion {
  correct: number
  texts: Partial<Record<string, AppropriatenessQuestion>>
}

/** The current questionnaire for staff (`GET /admin/api/appropriateness`). */
export interface StaffAppropriateness {
  version: number
  questions: StaffAppropriatenessQuestion[]
  pass_score: number
  created_at: string
  /** Results recorded on this version: taken, passed, failed and acknowledged. */
  taken: number
  passed: number
  acknowledged: number
}
