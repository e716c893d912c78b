import { z } from 'zod'
import { email } from './auth.ts'
import { integer, serialId } from './numbers.ts'
import { LINES, ONE_LINE } from './plain-text.ts'
import { MAX_PAGE_SIZE } from './light/trading.ts'
import {
  ADMIN_QUEUE_MAX_PAGE_SIZE,
  ADMIN_QUEUE_PAGE_SIZE,
  ADMIN_QUEUE_SEARCH_MAX_LENGTH,
} from './light/admin-queues.ts'
import {
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_APP_VERSION_MAX,
  FEEDBACK_CATEGORIES,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_SCREEN_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_MIN,
  feedbackTextLength,
  normaliseFeedbackText,
} from './light/feedback.ts'
export * from './light/feedback.ts'

/** Shapes of the feedback calls (issue 25; docs/product.md "/feedback"). */

/** An empty field (a cleared filter, an unfilled optional input) means none. */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/**
 * Plain text of a few lines (plain-text.ts: no control or bidi characters), trimmed, within
 * [min, max] characters as people count them (feedbackTextLength). Never HTML: it is stored as
 * typed and every client shows it as text.
 */
const plainLines = (min: number, max: number) =>
  z
    .string()
    // Bounded before the work below: a megabyte of text is refused without being walked.
    .max(max * 4)
    .transform(normaliseFeedbackText)
    .refine((text) => {
      const length = feedbackTextLength(text)
      return length >= min && length <= max && LINES.test(text)
    })

/** One short line the app fills in (its version, the screen it came from); '' or absent for none. */
const appLine = (max: number) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(max)
      .refine((text) => ONE_LINE.test(text))
      .optional(),
  )

/** `POST /api/feedback/send` (JSON or form). */
export const feedbackSendRequest = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  text: plainLines(FEEDBACK_TEXT_MIN, FEEDBACK_TEXT_MAX),
  /** Where staff may write back besides the answer on /feedback. */
  contact_email: z.preprocess(blankAsAbsent, email.optional()),
  app_version: appLine(FEEDBACK_APP_VERSION_MAX),
  screen: appLine(FEEDBACK_SCREEN_MAX),
})

/** `GET /api/feedback/list`: the user's own feedback, newest first. */
export const feedbackListRequest = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  limit: integer({ min: 1, max: MAX_PAGE_SIZE }).default(FEEDBACK_PAGE_SIZE),
})

/** `GET /admin/api/feedback`: filters by status and category; `q` finds uid, e-mail or text. */
export const adminFeedbackListRequest = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  limit: integer({ min: 1, max: ADMIN_QUEUE_MAX_PAGE_SIZE }).default(ADMIN_QUEUE_PAGE_SIZE),
  status: z.preprocess(blankAsAbsent, z.enum(FEEDBACK_STATUSES).optional()),
  category: z.preprocess(blankAsAbsent, z.enum(FEEDBACK_CATEGORIES).optional()),
  q: z.preprocess(blankAsAbsent, z.string().trim().max(ADMIN_QUEUE_SEARCH_MAX_LENGTH).optional()),
})

export const feedbackIdParams = z.object({ id: serialId })

/**
 * `POST /admin/api/feedback/:id`: the status staff set and the answer the user reads ('' for none).
 * An answered feedback needs an answer (the service refuses one without).
 */
export const adminFeedbackUpdateRequest = z.object({
  status: z.enum(FEEDBACK_STATUSES),
  answer: z.preprocess((value) => value ?? '', plainLines(0, FEEDBACK_ANSWER_MAX)),
})
