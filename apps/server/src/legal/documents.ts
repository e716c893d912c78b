import { and, count, desc, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm'
import {
  LEGAL_KINDS,
  type LanguageCode,
  type LegalDocument,
  type LegalKind,
  type StaffLegalDocument,
} from '@tp/contracts'
import type { DbOrTx, Tx } from '../db/client.ts'
import { consents, legalDocuments } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { wireTime } from '../trading/order-view.ts'

/*
 * The legal documents (issue 26, decision 045): versions of each kind, drafts that staff edit and
 * publish; a published version never changes, and the current version of a kind is its newest
 * published one. Texts are plain, per language, English always present (the fallback).
 */

export type LegalDocumentRow = typeof legalDocuments.$inferSelect

/** The current version of every kind that has one, by kind. */
export async function currentDocuments(db: DbOrTx): Promise<Map<LegalKind, LegalDocumentRow>> {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(isNotNull(legalDocuments.publishedAt))
    .orderBy(desc(legalDocuments.version))
  const current = new Map<LegalKind, LegalDocumentRow>()
  for (const row of rows) {
    const kind = row.kind as LegalKind
    if (LEGAL_KINDS.includes(kind) && !current.has(kind)) current.set(kind, row)
  }
  return current
}

/** A document's text in `lang`, else English (always written). */
export function textIn(row: LegalDocumentRow, lang: LanguageCode) {
  const own = row.texts[lang]
  return own ? { ...own, lang } : { ...(row.texts.en ?? { title: row.kind, body: '' }), lang: 'en' }
}

/** A current document as its reader gets it. */
export function documentView(row: LegalDocumentRow, lang: LanguageCode): LegalDocument {
  const text = textIn(row, lang)
  return {
    kind: row.kind as LegalKind,
    version: row.version,
    title: text.title,
    body: text.body,
    lang: text.lang,
    published_at: wireTime((row.publishedAt ?? row.createdAt).getTime()),
  }
}

/** Every version for staff, newest first, with how many clients accepted each. */
export async function staffDocuments(db: DbOrTx): Promise<StaffLegalDocument[]> {
  const rows = await db
    .select()
    .from(legalDocuments)
    .orderBy(legalDocuments.kind, desc(legalDocuments.version))
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({ documentId: consents.documentId, accepted: count() })
          .from(consents)
          .where(
            inArray(
              consents.documentId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(consents.documentId)
  const accepted = new Map(counts.map((c) => [c.documentId, c.accepted]))
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as LegalKind,
    version: row.version,
    published_at: row.publishedAt ? wireTime(row.publishedAt.getTime()) : null,
    created_at: wireTime(row.createdAt.getTime()),
    texts: row.texts,
    accepted: accepted.get(row.id) ?? 0,
  }))
}

type Texts = Partial<Record<LanguageCode, { title: string; body: string }>>

/**
 * A new draft of `kind` (the next version number), or the texts of draft `id` replaced. A published
 * version is refused: what clients accepted must stay what they read.
 */
export async function saveDraft(
  tx: Tx,
  input: { id?: number; kind: LegalKind; texts: Texts },
  now: Date,
): Promise<Outcome<{ id: number; version: number }>> {
  const texts = input.texts as Record<string, { title: string; body: string }>
  if (input.id !== undefined) {
    const [saved] = await tx
      .update(legalDocuments)
      .set({ texts })
      .where(
        and(
          eq(legalDocuments.id, input.id),
          eq(legalDocuments.kind, input.kind),
          isNull(legalDocuments.publishedAt),
        ),
      )
      .returning({ id: legalDocuments.id, version: legalDocuments.version })
    return saved ? accept(saved) : refuse('not_found')
  }
  // One draft at a time per kind: a second "new" edits the waiting one's texts instead.
  const [draft] = await tx
    .select({ id: legalDocuments.id, version: legalDocuments.version })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, input.kind), isNull(legalDocuments.publishedAt)))
    .for('update')
  if (draft) {
    await tx.update(legalDocuments).set({ texts }).where(eq(legalDocuments.id, draft.id))
    return accept(draft)
  }
  const [last] = await tx
    .select({ version: max(legalDocuments.version) })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, input.kind))
  const version = (last?.version ?? 0) + 1
  const [created] = await tx
    .insert(legalDocuments)
    .values({ kind: input.kind, version, texts, createdAt: now })
    .returning({ id: legalDocuments.id, version: legalDocuments.version })
  if (!created) throw new Error('legal document not stored')
  return accept(created)
}

/** Publishes draft `id`: from now on it is its kind's current version. */
export async function publishDocument(
  tx: Tx,
  id: number,
  now: Date,
): Promise<Outcome<{ kind: LegalKind; version: number }>> {
  const [published] = await tx
    .update(legalDocuments)
    .set({ publishedAt: now })
    .where(and(eq(legalDocuments.id, id), isNull(legalDocuments.publishedAt)))
    .returning({ kind: legalDocuments.kind, version: legalDocuments.version })
  return published
    ? accept({ kind: published.kind as LegalKind, version: published.version })
    : refuse('not_found')
}
