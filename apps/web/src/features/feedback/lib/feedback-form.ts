import {
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_MIN,
  feedbackSendRequest,
  feedbackTextLength,
  normaliseFeedbackText,
} from '@tp/contracts'

/** A message of the form's own: a translation key and its values. */
export interface FormProblem {
  key: string
  values?: Record<string, number>
}

export interface FeedbackFormValues {
  category: string
  text: string
  contactEmail: string
}

/**
 * The first problem of the form, or null when it may be sent: checked with the very schema the
 * server applies (packages/contracts/src/feedback.ts), so that the user reads a specific message
 * before sending. The server checks everything again.
 */
export function feedbackFormProblem(values: FeedbackFormValues): FormProblem | null {
  const result = feedbackSendRequest.safeParse({
    category: values.category,
    text: values.text,
    contact_email: values.contactEmail,
  })
  if (result.success) return null
  const field = result.error.issues[0]?.path[0]
  if (field === 'category') return { key: 'feedback.categoryRequired' }
  if (field === 'contact_email') return { key: 'feedback.contactInvalid' }
  const length = feedbackTextLength(normaliseFeedbackText(values.text))
  if (length < FEEDBACK_TEXT_MIN) return { key: 'feedback.textTooShort', values: { min: FEEDBACK_TEXT_MIN } }
  if (length > FEEDBACK_TEXT_MAX) return { key: 'feedback.textTooLong', values: { max: FEEDBACK_TEXT_MAX } }
  return { key: 'feedback.textInvalid' }
}

/** The longest app path the form sends as the screen the user came from. */
const SCREEN_MAX = 100

/**
 * The screen the user came from, from `?from=` (an app path such as `/trade`); '' for anything
 * else, so a crafted link cannot put arbitrary text in the report.
 */
export function screenFrom(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.length > SCREEN_MAX) return ''
  return /^[\w\-/.?=&%]*$/.test(from) ? from : ''
}

/**
 * The build the app runs: the hash in the name of its entry script (`/assets/index-<hash>.js`),
 * which changes with every release; 'dev' when served by the development server.
 */
export function appBuild(scripts: readonly { src: string }[]): string {
  for (const { src } of scripts) {
    const match = /\/assets\/index-([\w-]{4,32})\.js$/.exec(src)
    if (match?.[1]) return match[1]
  }
  return 'dev'
}
