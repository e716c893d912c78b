/*
 * A client's notifications (issue 26): what the platform did to their money, identity and trades,
 * kept in an inbox in the app (and, later, sent by web push and e-mail). docs/decisions/043.
 */

/** What a notification tells; each is written at most once for the row that caused it. */
export const NOTICE_KINDS = [
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'identity_approved',
  'identity_rejected',
  'stop_loss',
  'trailing_stop',
  'take_profit',
  'stop_out',
  'margin_call',
  'pending_filled',
  'pending_expired',
  'pending_cancelled',
  'price_alert',
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** Notifications on one inbox page unless the app asks otherwise. */
export const NOTICE_PAGE_SIZE = 20

/** A notification as its owner reads it (`GET /api/notice/list`). */
export interface NoticeItem {
  id: number
  kind: NoticeKind
  /** In the reader's language (the request's `lang`), written by the server. Plain text. */
  title: string
  body: string
  /** What staff wrote with the decision (a rejection's reason, a payment's reference), '' for none. Plain text. */
  detail: string
  /** The app's screen that shows what it is about (`/mine/charge`…). */
  link: string
  read: boolean
  /** "YYYY-MM-DD HH:mm:ss", UTC. */
  created_at: string
}

/** An inbox page: newest first, with the unread count of the whole inbox. */
export interface NoticePage {
  list: NoticeItem[]
  total: number
  unread: number
}
