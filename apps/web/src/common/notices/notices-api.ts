import type { NoticeChannel, NoticeKind, NoticePage, NoticePref } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client.ts'

/** Query keys of the inbox: its pages, and the unread count the bell shows. */
export const NOTICES_QUERY = 'notices'
export const UNREAD_NOTICES_QUERY = 'notices-unread'

/** How often the bell asks again while a screen shows it (the socket does not carry notices yet). */
const UNREAD_REFRESH_MS = 60_000

/** One inbox page, newest first, in the app's language (docs/openapi.json, `/api/notice/list`). */
export function fetchNotices(page: number, signal?: AbortSignal) {
  return api.get<NoticePage>('/api/notice/list', { query: { page }, silent: true, signal })
}

/** The signed-in user's unread notices, for the bell; fresh on each visit and every minute. */
export function useUnreadNotices(enabled: boolean) {
  return useQuery({
    queryKey: [UNREAD_NOTICES_QUERY],
    queryFn: ({ signal }) =>
      api.get<{ unread: number }>('/api/notice/unread', { silent: true, signal }).then((data) => data.unread),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: UNREAD_REFRESH_MS,
  })
}

/** Marks one notice, or all, read; answers the unread count left. */
export function markNoticesRead(which: number | 'all') {
  return api
    .post<{ unread: number }>('/api/notice/read', which === 'all' ? { all: 1 } : { id: which }, {
      json: true,
    })
    .then((data) => data.unread)
}

/** Query key of the user's choice of channels per kind. */
export const NOTICE_PREFS_QUERY = 'notice-prefs'

/** Every kind with its channels as the user has them (`GET /api/notice/prefs`). */
export function fetchNoticePrefs(signal?: AbortSignal) {
  return api
    .get<{ list: NoticePref[] }>('/api/notice/prefs', { silent: true, signal })
    .then((data) => data.list)
}

/** Turns one kind's channel on or off. */
export function saveNoticePref(kind: NoticeKind, channel: NoticeChannel, on: boolean) {
  return api.post('/api/notice/prefs', { kind, channel, on: on ? 1 : 0 }, { json: true })
}
