import { inArray } from 'drizzle-orm'
import {
  NOTICE_KINDS,
  noticeChannelDefault,
  noticeChannelLocked,
  noticeChannelOffered,
  type NoticeChannel,
  type NoticeKind,
  type NoticePref,
} from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { noticePrefs } from '../db/schema.ts'
import { refuse, accept, type Outcome } from '../outcome/outcome.ts'

/*
 * Which channels carry which notices for a user (issue 26, decision 044). A row is kept only for a
 * choice the user made; without one the default holds (`noticeChannelDefault`, in the contracts,
 * which the app shows too). The inbox holds every notice whatever is chosen here.
 */

type Choices = Map<string, boolean>
const key = (userId: number, kind: string, channel: string) => `${userId}:${kind}:${channel}`

async function choicesOf(db: DbOrTx, userIds: number[]): Promise<Choices> {
  if (userIds.length === 0) return new Map()
  const rows = await db.select().from(noticePrefs).where(inArray(noticePrefs.userId, userIds))
  return new Map(rows.map((row) => [key(row.userId, row.kind, row.channel), row.enabled]))
}

const chosen = (choices: Choices, userId: number, kind: NoticeKind, channel: NoticeChannel) =>
  noticeChannelOffered(kind, channel) &&
  (noticeChannelLocked(kind) ||
    (choices.get(key(userId, kind, channel)) ?? noticeChannelDefault(kind, channel)))

/** Every kind with its channels as the user has them now. */
export async function noticePrefsOf(db: DbOrTx, userId: number): Promise<NoticePref[]> {
  const choices = await choicesOf(db, [userId])
  return NOTICE_KINDS.map((kind) => ({
    kind,
    push: chosen(choices, userId, kind, 'push'),
    email: noticeChannelOffered(kind, 'email') ? chosen(choices, userId, kind, 'email') : null,
  }))
}

/** Turns a kind's channel on or off for the user; a channel the kind has not (e-mail of a stop) is refused. */
export async function setNoticePref(
  db: DbOrTx,
  userId: number,
  choice: { kind: NoticeKind; channel: NoticeChannel; on: boolean },
): Promise<Outcome<void>> {
  if (!noticeChannelOffered(choice.kind, choice.channel)) return refuse('invalid_input', { field: 'channel' })
  if (noticeChannelLocked(choice.kind)) return refuse('invalid_input', { field: 'kind' })
  await db
    .insert(noticePrefs)
    .values({ userId, kind: choice.kind, channel: choice.channel, enabled: choice.on })
    .onConflictDoUpdate({
      target: [noticePrefs.userId, noticePrefs.kind, noticePrefs.channel],
      set: { enabled: choice.on },
    })
  return accept(undefined)
}

/** For each notice (user and kind), whether each channel carries it: read once for a batch. */
export async function channelsFor(
  db: DbOrTx,
  wanted: { userId: number; kind: NoticeKind }[],
): Promise<(notice: { userId: number; kind: NoticeKind }, channel: NoticeChannel) => boolean> {
  const choices = await choicesOf(db, [...new Set(wanted.map((w) => w.userId))])
  return (notice, channel) => chosen(choices, notice.userId, notice.kind, channel)
}
