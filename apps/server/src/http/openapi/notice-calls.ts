import { noticeListRequest, noticeReadRequest } from '@tp/contracts'
import type { Call } from './call.ts'

/** The phone's inbox calls (issue 26, decision 043; apps/server/src/http/routes/notices.ts). */
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
]
