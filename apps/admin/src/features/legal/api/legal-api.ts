import type {
  LegalKind,
  StaffAppropriateness,
  StaffAppropriatenessQuestion,
  StaffLegalDocument,
} from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/** The legal documents calls of `/admin/api` (apps/server/src/http/admin/legal-routes.ts). */

export type LegalTexts = Partial<Record<string, { title: string; body: string }>>

export const legalKeys = { documents: ['legal', 'documents'] as const }

export const legalApi = {
  documents: (signal?: AbortSignal) =>
    api.get<{ list: StaffLegalDocument[] }>('/legal', undefined, signal).then((data) => data.list),
  /** A new draft of `kind` (no `id`), or draft `id`'s texts replaced. */
  saveDraft: (body: { id?: number; kind: LegalKind; texts: LegalTexts }) =>
    api.post<{ id: number; version: number }>('/legal', body),
  publish: (id: number) => api.post<{ kind: LegalKind; version: number }>(`/legal/${id}/publish`),
}

/** The appropriateness questionnaire calls (decision 046). */
export const appropriatenessKeys = { current: ['legal', 'appropriateness'] as const }

export const appropriatenessApi = {
  current: (signal?: AbortSignal) =>
    api.get<StaffAppropriateness | null>('/appropriateness', undefined, signal),
  save: (body: { questions: StaffAppropriatenessQuestion[]; pass_score: number }) =>
    api.post<{ version: number }>('/appropriateness', body),
}
