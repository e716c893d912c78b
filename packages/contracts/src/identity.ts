import { z } from 'zod'
import { oneOf, serialId } from './numbers.ts'
import { LINES, ONE_LINE } from './plain-text.ts'
import { pageRequest } from './trading.ts'
import {
  IdentityCheckStatus,
  NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  CARD_ID_MIN_LENGTH,
  CARD_ID_MAX_LENGTH,
  REJECT_REASON_MAX_LENGTH,
  type ReviewStatusValue,
  type IdentityCheckStatusValue,
} from './light/identity.ts'
export * from './light/identity.ts'

/** Identity verification, `/mine/auth` (docs/product.md "Screens", "Records", "Input rules" and "Calls", issue 10). */

/**
 * Besides one line of plain text (plain-text.ts), a name holds no invisible character: the
 * zero-width non-joiner and joiner stay allowed (Persian and Indic names need them), the zero-width
 * space, word joiners, byte-order mark and Mongolian vowel separator do not.
 */
const NO_INVISIBLE = /^[^\u200b\u2060-\u2064\ufeff\u180e]*$/u
/** A name has at least one letter: marks or invisible characters alone name nobody. */
const HAS_LETTER = /\p{L}/u

/** Full-width digits and letters (typed with a CJK input method) read as the ASCII ones. */
const nfkc = (value: unknown) => (typeof value === 'string' ? value.normalize('NFKC') : value)

/** A person's name as on the document: trimmed, 2 to 64 characters, one line. */
export const personName = z
  .string()
  .trim()
  .min(NAME_MIN_LENGTH)
  .max(NAME_MAX_LENGTH)
  .regex(ONE_LINE)
  .regex(NO_INVISIBLE)
  .regex(HAS_LETTER)

/**
 * An ID document number: 4 to 32 letters, digits, spaces or dashes as typed; kept in upper case
 * without spaces ("ab 123-45" is "AB123-45"), with at least 4 letters or digits.
 */
export const cardId = z.preprocess(
  nfkc,
  z
    .string()
    .trim()
    .min(CARD_ID_MIN_LENGTH)
    .max(CARD_ID_MAX_LENGTH)
    .regex(/^[A-Za-z0-9 -]+$/)
    .transform((text) => text.replace(/ /g, '').toUpperCase())
    .refine((text) => text.replace(/-/g, '').length >= CARD_ID_MIN_LENGTH),
)

/**
 * An ID image: the `data.url` that `image_upload` answered (a signed link, whatever its age) or the
 * upload id. An empty or missing one is refused by the server as `image_invalid`, like any image
 * that is not the caller's own.
 */
const idImage = z.string().trim().max(2000).optional().default('')

/** `POST /api/user_real/real_name` (form or JSON). */
export const realNameRequest = z.object({
  name: personName,
  card_id: cardId,
  front_pic: idImage,
  reverse_pic: idImage,
})
export type RealNameRequest = z.input<typeof realNameRequest>

/**
 * `GET /api/user_real/center`: the caller's latest submission. `review_status` 0 with a
 * `reject_reason` means staff rejected it and the form is shown again; with no submission every
 * text is empty. `card_id` is masked but for its first 2 and last 4 characters; the images are
 * freshly signed links; `submitted_at` is "YYYY-MM-DD HH:mm:ss" (UTC).
 */
export interface IdentityCenter {
  review_status: ReviewStatusValue
  name: string
  card_id: string
  front_pic: string
  reverse_pic: string
  reject_reason: string
  submitted_at: string
}

/** The staff queue of identity checks (back office): one status, or all of them, newest first. */
export const identityQueueRequest = pageRequest.extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    oneOf([
      IdentityCheckStatus.Waiting,
      IdentityCheckStatus.Approved,
      IdentityCheckStatus.Rejected,
    ]).optional(),
  ),
})

/** A staff decision on a waiting check; a rejection needs a reason the user will read. */
export const identityReviewRequest = z.object({
  id: serialId,
  approve: z.boolean(),
  reason: z.string().trim().max(REJECT_REASON_MAX_LENGTH).regex(LINES).optional().default(''),
})

/** One identity check as staff see it: the full document number and freshly signed image links. */
export interface IdentityQueueItem {
  id: number
  user_id: number
  uid: string
  email: string | null
  name: string
  card_id: string
  /**
   * Other accounts (uids) with a waiting or approved check of the same document number: one
   * person with several accounts, or a borrowed document. Staff see it before deciding.
   */
  same_card_uids: string[]
  front_pic: string
  reverse_pic: string
  status: IdentityCheckStatusValue
  reject_reason: string
  reviewed_by: string
  reviewed_at: string
  created_at: string
}
