import { z } from 'zod'
import { integer, serialId } from './numbers.ts'
import { MAX_PAGE_SIZE } from './light/trading.ts'
import { NOTICE_CHANNELS, NOTICE_KINDS, NOTICE_PAGE_SIZE } from './light/notices.ts'
export * from './light/notices.ts'

/** Shapes of the inbox calls (issue 26, docs/decisions/043). */

/** `GET /api/notice/list`: the signed-in user's notifications, newest first. */
export const noticeListRequest = z.object({
  page: integer({ min: 1, max: 1_000_000 }).default(1),
  limit: integer({ min: 1, max: MAX_PAGE_SIZE }).default(NOTICE_PAGE_SIZE),
})

/** `POST /api/notice/read` (JSON or form): one notification (`id`) or all of them (`all: 1`) read. */
export const noticeReadRequest = z
  .object({
    id: serialId.optional(),
    all: z.preprocess((value) => (value === true ? 1 : value), integer({ min: 1, max: 1 }).optional()),
  })
  .refine((value) => (value.id === undefined) !== (value.all === undefined), {
    message: 'invalid_input',
    path: ['id'],
  })

const flag = z.preprocess(
  (value) => (value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : value),
  integer({ min: 0, max: 1 }),
)

/** `POST /api/notice/prefs`: turns one kind's channel on (`on: 1`) or off (`on: 0`). */
export const noticePrefRequest = z.object({
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(NOTICE_CHANNELS),
  on: flag,
})

/**
 * The keys of a push subscription, base64url as `PushSubscription.toJSON()` gives them: an
 * uncompressed P-256 point (65 bytes, 0x04 first, so 'B') and a 16-byte secret.
 */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/

/**
 * `POST /api/push/subscribe` (JSON): the browser's `PushSubscription.toJSON()`: its push service's
 * endpoint and the keys the message is encrypted to (a P-256 point, 65 bytes; a 16-byte secret).
 */
export const pushSubscribeRequest = z.object({
  endpoint: z.string().trim().max(1000).pipe(z.url()),
  keys: z.object({ p256dh: z.string().trim().regex(P256DH), auth: z.string().trim().regex(AUTH_SECRET) }),
})

/** `POST /api/push/unsubscribe`: this device's endpoint no longer gets the signed-in user's messages. */
export const pushUnsubscribeRequest = z.object({ endpoint: z.string().trim().max(1000) })
