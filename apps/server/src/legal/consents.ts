import { and, eq, inArray } from 'drizzle-orm'
import {
  APPROPRIATENESS_PAGE,
  CONSENT_GATED_KINDS,
  LEGAL_PAGE,
  type LanguageCode,
  type LegalKind,
} from '@tp/contracts'
import type { Db, DbOrTx } from '../db/client.ts'
import { consents, users } from '../db/schema.ts'
import { translate } from '../i18n/translate.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { currentDocuments } from './documents.ts'
import { appropriatenessCleared, currentQuestionnaire } from './appropriateness.ts'

/*
 * A client's acceptance of the legal documents (issue 26, decision 045): recorded with the version,
 * the time and the address, once per version; and the gate that asks for the current client
 * agreement and risk disclosure before a real deposit or trade.
 */

export interface Acceptance {
  userId: number
  address: string
  via: 'register' | 'app'
  now: Date
}

const outdated = (kind: LegalKind, lang: LanguageCode) =>
  refuse('legal_version_outdated', { document: translate(lang, `legal.kinds.${kind}`) }, { kind })

/**
 * Records that the client accepted these versions; each must be its kind's current one (a page read
 * before a new version was published is refused, and shows the new one).
 */
export async function acceptVersions(
  db: DbOrTx,
  versions: { kind: string; version: number }[],
  who: Acceptance,
  lang: LanguageCode,
): Promise<Outcome<void>> {
  const current = await currentDocuments(db)
  const ids: number[] = []
  for (const { kind, version } of versions) {
    const document = current.get(kind as LegalKind)
    if (!document || document.version !== version) return outdated(kind as LegalKind, lang)
    ids.push(document.id)
  }
  if (ids.length > 0)
    await db
      .insert(consents)
      .values(
        ids.map((documentId) => ({
          userId: who.userId,
          documentId,
          acceptedAt: who.now,
          address: who.address,
          via: who.via,
        })),
      )
      .onConflictDoNothing()
  return accept(undefined)
}

/** Whether each listed version is its kind's current one (a registration form's, checked before the account is made). */
export async function versionsCurrent(
  db: DbOrTx,
  versions: { kind: string; version: number }[],
  lang: LanguageCode,
): Promise<Outcome<void>> {
  const current = await currentDocuments(db)
  for (const { kind, version } of versions)
    if (current.get(kind as LegalKind)?.version !== version) return outdated(kind as LegalKind, lang)
  return accept(undefined)
}

/** The ids of the documents the user accepted among `documentIds`. */
export async function acceptedAmong(db: DbOrTx, userId: number, documentIds: number[]): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set()
  const rows = await db
    .select({ documentId: consents.documentId })
    .from(consents)
    .where(and(eq(consents.userId, userId), inArray(consents.documentId, documentIds)))
  return new Set(rows.map((r) => r.documentId))
}

/** How long the gate trusts its copy of the current versions (staff publishing waits at most this). */
const CURRENT_TTL_MS = 10_000
/** Users whose passing the gate is remembered, at most (then it starts again). */
const PASSED_MAX = 100_000

/**
 * The gate before a real deposit or trade: the current client agreement and risk disclosure must
 * be accepted, and before a trade the appropriateness test taken (passed, or its warning
 * acknowledged; decision 046). A pass is remembered (acceptances and results are never taken
 * back) until a new version is published, so an order costs a query only the first time; a
 * refusal is never remembered, so the client passes as soon as they accept. Demo accounts pass:
 * they risk no money.
 */
export function consentGate(db: Db, publicUrl: string) {
  let current:
    { ids: number[]; kinds: Map<number, LegalKind>; at: number; key: string; test: boolean } | undefined
  const passed = new Map<number, string>()
  const cleared = new Set<number>()

  async function gated(nowMs: number) {
    if (current && nowMs - current.at < CURRENT_TTL_MS) return current
    const documents = await currentDocuments(db)
    const kinds = new Map<number, LegalKind>()
    for (const kind of CONSENT_GATED_KINDS) {
      const document = documents.get(kind)
      if (document) kinds.set(document.id, kind)
    }
    const ids = [...kinds.keys()]
    const test = (await currentQuestionnaire(db)) !== undefined
    current = { ids, kinds, at: nowMs, key: ids.join(','), test }
    return current
  }

  const isDemo = async (userId: number) =>
    (await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId)))[0]?.isDemo ?? false

  async function documentsAccepted(
    userId: number,
    lang: LanguageCode,
    nowMs: number,
  ): Promise<Outcome<void>> {
    const { ids, kinds, key } = await gated(nowMs)
    if (ids.length === 0 || passed.get(userId) === key) return accept(undefined)
    const accepted = (await isDemo(userId)) ? new Set(ids) : await acceptedAmong(db, userId, ids)
    const missing = ids.find((id) => !accepted.has(id))
    if (missing !== undefined) {
      const kind = kinds.get(missing) as LegalKind
      const url = `${publicUrl}${LEGAL_PAGE}`
      return refuse(
        'consent_required',
        { document: translate(lang, `legal.kinds.${kind}`), url },
        { kind, page: LEGAL_PAGE, url },
      )
    }
    if (passed.size >= PASSED_MAX) passed.clear()
    passed.set(userId, key)
    return accept(undefined)
  }

  async function testTaken(userId: number, nowMs: number): Promise<Outcome<void>> {
    const { test } = await gated(nowMs)
    if (!test || cleared.has(userId)) return accept(undefined)
    if (!(await isDemo(userId)) && !(await appropriatenessCleared(db, userId))) {
      const url = `${publicUrl}${APPROPRIATENESS_PAGE}`
      return refuse('appropriateness_required', { url }, { page: APPROPRIATENESS_PAGE, url })
    }
    if (cleared.size >= PASSED_MAX) cleared.clear()
    cleared.add(userId)
    return accept(undefined)
  }

  return {
    /** Before a real deposit: the documents. */
    async deposit(userId: number, lang: LanguageCode, nowMs: number): Promise<Outcome<void>> {
      return documentsAccepted(userId, lang, nowMs)
    },
    /** Before a new real order: the documents, then the appropriateness test. */
    async trade(userId: number, lang: LanguageCode, nowMs: number): Promise<Outcome<void>> {
      const documents = await documentsAccepted(userId, lang, nowMs)
      return documents.ok ? testTaken(userId, nowMs) : documents
    },
  }
}

export type ConsentGate = ReturnType<typeof consentGate>

const gates = new WeakMap<Db, ConsentGate>()

/** The one gate of a database in this process (its routes share what it remembers). */
export function consentGateOf(db: Db, publicUrl: string): ConsentGate {
  let gate = gates.get(db)
  if (!gate) {
    gate = consentGate(db, publicUrl)
    gates.set(db, gate)
  }
  return gate
}
