import { z } from 'zod'
import { integer } from './numbers.ts'
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts'
import {
  APPROPRIATENESS_MAX_OPTIONS,
  APPROPRIATENESS_MAX_QUESTIONS,
  LEGAL_BODY_MAX,
  LEGAL_KINDS,
  LEGAL_TITLE_MAX,
} from './light/legal.ts'
export * from './light/legal.ts'

/** Shapes of the legal documents' calls (issue 26, docs/decisions/045). */

/** `GET /api/legal/document`: the current version of one kind. */
export const legalDocumentRequest = z.object({ kind: z.enum(LEGAL_KINDS) })

/** `POST /api/legal/accept`: the client accepts this version (it must be the current one). */
export const legalAcceptRequest = z.object({
  kind: z.enum(LEGAL_KINDS),
  version: integer({ min: 1, max: 1_000_000 }),
})

/**
 * The versions a registration form showed and the client accepted: `client_agreement:3,…`, one per
 * kind. Absent: an older client that shows none; its user is asked at the first deposit or trade.
 */
export const legalVersionsField = z
  .string()
  .trim()
  .max(400)
  .regex(/^[a-z_]+:\d{1,7}(,[a-z_]+:\d{1,7})*$/)
  .transform((text) =>
    text.split(',').map((pair) => {
      const [kind, version] = pair.split(':') as [string, string]
      return { kind, version: Number(version) }
    }),
  )
  .refine((pairs) => pairs.every((p) => (LEGAL_KINDS as readonly string[]).includes(p.kind)))
  .refine((pairs) => new Set(pairs.map((p) => p.kind)).size === pairs.length)

/** One language of a document, as staff write it: plain text. */
export const legalText = z.object({
  title: z.string().trim().min(1).max(LEGAL_TITLE_MAX),
  body: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1).max(LEGAL_BODY_MAX)),
})

/** Texts by language code; English is required (every reader falls back to it). */
export const legalTexts = z
  .partialRecord(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]), legalText)
  .refine((texts) => texts.en !== undefined, { message: 'english_required', path: ['en'] })

/** `POST /admin/api/legal`: a new draft version of a kind (no `id`), or a draft's texts replaced (`id`). */
export const legalDraftRequest = z.object({
  id: integer({ min: 1, max: 2_147_483_647 }).optional(),
  kind: z.enum(LEGAL_KINDS),
  texts: legalTexts,
})

/** `POST /api/appropriateness/answer`: the option picked for each question, in order (`0,2,1,…`). */
export const appropriatenessAnswerRequest = z.object({
  answers: z
    .string()
    .trim()
    .regex(/^\d{1,2}(,\d{1,2}){0,29}$/)
    .transform((text) => text.split(',').map(Number)),
})

const questionText = z.object({
  question: z.string().trim().min(1).max(500),
  options: z.array(z.string().trim().min(1).max(300)).min(2).max(APPROPRIATENESS_MAX_OPTIONS),
})

/** `POST /admin/api/appropriateness`: a new version of the questionnaire (live at once). */
export const appropriatenessSaveRequest = z
  .object({
    questions: z
      .array(
        z.object({
          correct: integer({ min: 0, max: APPROPRIATENESS_MAX_OPTIONS - 1 }),
          texts: z
            .partialRecord(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]), questionText)
            .refine((texts) => texts.en !== undefined, { message: 'english_required' }),
        }),
      )
      .min(1)
      .max(APPROPRIATENESS_MAX_QUESTIONS),
    pass_score: integer({ min: 1, max: APPROPRIATENESS_MAX_QUESTIONS }),
  })
  .refine((q) => q.pass_score <= q.questions.length, { message: 'pass_score', path: ['pass_score'] })
  .refine(
    (q) =>
      q.questions.every((question) => {
        const counts = Object.values(question.texts).map((text) => text?.options.length)
        return counts.every((n) => n === counts[0]) && question.correct < (counts[0] ?? 0)
      }),
    { message: 'options', path: ['questions'] },
  )
