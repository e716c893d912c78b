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
