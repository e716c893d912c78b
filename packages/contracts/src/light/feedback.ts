/**
 * Feedback (issue 25: "a working feedback form, stored, seen in the back office"): what a signed-in
 * user may send from /feedback, and what staff do with it. The constants and types only; the
 * request schemas are in ../feedback.ts.
 */

/** What the feedback is about, as the form offers it. */
export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'trading', 'money', 'other'] as const
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]

/**
 * Where staff have got with it: new (nobody has looked), read, answered (the user sees the answer),
 * closed (nothing more will be done).
 */
export const FEEDBACK_STATUSES = ['new', 'read', 'answered', 'closed'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]

/** Shorter than this says nothing staff can act on ("bad app"); counted after trimming. */
export const FEEDBACK_TEXT_MIN = 10
/** A long report with steps; short enough that a flood costs little. */
export const FEEDBACK_TEXT_MAX = 2000
/** Staff's answer: as long as the feedback itself may be. */
export const FEEDBACK_ANSWER_MAX = 2000
/** The app's version as the client names it (`1.4.2`, a build hash). */
export const FEEDBACK_APP_VERSION_MAX = 40
/** The screen the user came from: an app path such as `/trade`. */
export const FEEDBACK_SCREEN_MAX = 100

/**
 * How many a user may send in FEEDBACK_WINDOW_MS: far above anyone writing by hand, low enough that
 * a script cannot bury the staff's list. Counted in the database under a lock of the user's rows,
 * so parallel requests cannot pass it together (apps/server/src/feedback/user-feedback.ts).
 */
export const FEEDBACK_MAX_PER_WINDOW = 5
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000

/** Feedback per page of the user's own list. */
export const FEEDBACK_PAGE_SIZE = 10

/**
 * The length of a text as people count it: characters (code points), not UTF-16 units, so an emoji
 * or a rare CJK character counts once. One rule for the form's counter and the server's check.
 */
export function feedbackTextLength(text: string): number {
  return [...text].length
}

/** The text as it is stored: line breaks as newlines, no white space around it. */
export function normaliseFeedbackText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim()
}

/** A feedback as its sender sees it (`/api/feedback/send`, `/api/feedback/list`). */
export interface FeedbackItem {
  id: number
  category: FeedbackCategory
  /** Plain text: clients show it as text, never as HTML. */
  text: string
  status: FeedbackStatus
  /** Staff's answer, '' until there is one. Plain text. */
  answer: string
  /** "YYYY-MM-DD HH:mm:ss", UTC; '' without an answer. */
  answered_at: string
  created_at: string
}

/** A feedback as the back office lists it (`GET /admin/api/feedback`). */
export interface AdminFeedbackItem extends FeedbackItem {
  user_id: number
  uid: string
  /** The user's e-mail or mobile number, '' when neither. */
  login: string
  /** Whether it was sent from a demo account. */
  demo: boolean
  /** The app's language when it was sent (one of the 21 codes). */
  language: string
  /** An e-mail address the user gave for a reply, '' for none. */
  contact_email: string
  app_version: string
  screen: string
  /** The e-mail of the staff member who last changed it, '' before anyone did. */
  handled_by: string
  updated_at: string
}
