/*
 * A client's notifications (issue 26): what the platform did to their money, identity and trades,
 * kept in an inbox in the app and sent by web push and e-mail as the client chose.
 * docs/decisions/043 and 044.
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
  'copy_stopped',
  'support_reply',
  'second_factor_added',
  'second_factor_removed',
] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** Where a notification goes besides the inbox, which holds every one. */
export const NOTICE_CHANNELS = ['push', 'email'] as const
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]

/**
 * The money, identity and account-security events: the ones also sent by e-mail (a trade's stop is
 * not mail). A second factor added or removed is how a taken-over account shows: its owner must hear.
 */
export const EMAIL_NOTICE_KINDS: readonly NoticeKind[] = [
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'identity_approved',
  'identity_rejected',
  'second_factor_added',
  'second_factor_removed',
]

/**
 * Kinds a client cannot turn off: a second factor added or removed. Whoever took a session could
 * otherwise silence them first and then add a factor of their own without the owner hearing of it.
 */
export const ALWAYS_SENT_NOTICE_KINDS: readonly NoticeKind[] = [
  'second_factor_added',
  'second_factor_removed',
]

/** Whether the client may turn `kind` off on a channel. */
export const noticeChannelLocked = (kind: NoticeKind): boolean => ALWAYS_SENT_NOTICE_KINDS.includes(kind)

/** Whether `channel` can carry `kind` at all (e-mail only the money and identity events). */
export const noticeChannelOffered = (kind: NoticeKind, channel: NoticeChannel): boolean =>
  channel === 'push' || EMAIL_NOTICE_KINDS.includes(kind)

/**
 * Whether `channel` carries `kind` for a client who never chose: every offered channel. Money, risk
 * (stops, margin call, stop-out) and the client's own alerts and orders are what a trader with the
 * app closed must hear of; a client turns off what they do not want in `/mine/notices`.
 */
export const noticeChannelDefault = (kind: NoticeKind, channel: NoticeChannel): boolean =>
  noticeChannelOffered(kind, channel)

/** One kind's channels as its owner chose them (`GET /api/notice/prefs`); `email` null: not offered. */
export interface NoticePref {
  kind: NoticeKind
  push: boolean
  email: boolean | null
}

/** What a push message carries to the service worker, which shows it (title, body) and opens `link`. */
export interface PushPayload {
  id: number
  kind: NoticeKind
  title: string
  body: string
  link: string
}

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
