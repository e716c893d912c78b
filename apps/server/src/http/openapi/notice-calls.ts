import {
  noticeListRequest,
  noticePrefRequest,
  noticeReadRequest,
  pushSubscribeRequest,
  pushUnsubscribeRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'

/**
 * The phone's notification calls (issue 26, decisions 043 and 044): the inbox, the choice of channels
 * (apps/server/src/http/routes/notices.ts) and this device's web push (routes/push.ts).
 */
export const PHONE_NOTICE_CALLS: Call[] = [
  {
    method: 'GET',
    path: '/api/notice/list',
    summary: "Own notifications, newest first, in the request's language, with the unread count",
    auth: 'session',
    query: noticeListRequest,
    answer: 'NoticePage',
  },
  {
    method: 'GET',
    path: '/api/notice/unread',
    summary: 'How many of own notifications are unread (`{unread}`)',
    auth: 'session',
  },
  {
    method: 'POST',
    path: '/api/notice/read',
    summary: 'Mark one own notification (`id`) or all of them (`all: 1`) read; answers the unread count',
    auth: 'session',
    body: noticeReadRequest,
  },
  {
    method: 'GET',
    path: '/api/notice/prefs',
    summary:
      'Own choice of channels per kind (`{list: NoticePref[]}`): push for every kind, e-mail for the money and identity events (null where not offered)',
    auth: 'session',
    answer: 'NoticePref[]',
  },
  {
    method: 'POST',
    path: '/api/notice/prefs',
    summary: 'Turn one kind’s channel on (`on: 1`) or off (`on: 0`); e-mail of a trading event is refused',
    auth: 'session',
    body: noticePrefRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/push/key',
    summary: 'The VAPID public key a device subscribes to web push with (`{key}`, base64url)',
    auth: 'none',
  },
  {
    method: 'POST',
    path: '/api/push/subscribe',
    summary:
      'Subscribe this device (the browser’s `PushSubscription.toJSON()`, JSON) to own notifications; the endpoint must be a known push service; at most 10 devices, the oldest replaced',
    auth: 'session',
    body: pushSubscribeRequest,
    limited: true,
  },
  {
    method: 'POST',
    path: '/api/push/unsubscribe',
    summary: 'This device (`endpoint`) no longer gets own notifications (sign-out, push turned off)',
    auth: 'session',
    body: pushUnsubscribeRequest,
    limited: true,
  },
]
