import { z } from 'zod'
import { integer, serialId } from './numbers.ts'
import { MAX_PAGE_SIZE } from './light/trading.ts'
import { NOTICE_PAGE_SIZE } from './light/notices.ts'
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
