import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { LanguageCode, NoticeKind, PushPayload } from '@tp/contracts'
import { isLanguageCode } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { notices, noticeSends, pushSubscriptions, users } from '../db/schema.ts'
import { translate } from '../i18n/translate.ts'
import type { Messenger } from '../messaging/outbox.ts'
import { channelsFor } from './notice-prefs.ts'
import { noticeItem, type InstrumentName } from './notice-view.ts'
import { devicesOf } from './push-subscriptions.ts'
import type { PushTransport } from './push-transport.ts'

/*
 * Sending notices by web push and e-mail (issue 26, decision 044), after the commit that wrote them
 * and outside the trading desk's writer. Two steps, each safe to run in any number of processes:
 *
 * 1. dispatch: a notice not yet dispatched gets one send row per channel and target its owner wants
 *    (each push device; the e-mail address), in one transaction with marking it dispatched.
 * 2. send: a due send is claimed (pending → sending, one statement, SKIP LOCKED), sent, and marked
 *    sent; a failure the far side reported is tried again later, up to MAX_ATTEMPTS.
 *
 * A notice is sent at most once per target: a send once claimed is never claimed again, and a
 * process that dies while sending leaves it `sending` (marked `unknown` at the next start): possibly
 * sent, so not sent again. A crash before the claim loses nothing: the rows wait for the next round.
 */

const BATCH = 100
const MAX_ATTEMPTS = 5
const RETRY_BASE_MS = 30_000
/** A send still `sending` this long after its claim was cut off by a stopped process. */
const SENDING_CUT_OFF_MS = 5 * 60_000
/** A push message's text at most (push services take about 4 KB, encrypted). */
const PUSH_BODY_MAX = 1000

export interface NoticeDeliveryDeps {
  db: Db
  push: PushTransport
  /** E-mail through the platform's messenger (its outbox and transport). */
  messenger: Messenger
  name: InstrumentName
  /** Where the app is reached: an e-mail's link to the screen. */
  publicUrl: string
  clock: () => Date
  onError: (error: unknown, context: string) => void
  /** How often to look for new notices and due sends; 0: only when `drain` is called. */
  pollMs: number
}

/** What sending needs of the delivery's collaborators. */
type SendDeps = Omit<NoticeDeliveryDeps, 'pollMs' | 'onError'>

/** Plans the sends of notices not yet dispatched; the number of notices dispatched. */
export async function dispatchNotices(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notices.id, userId: notices.userId, kind: notices.kind, email: users.email })
      .from(notices)
      .innerJoin(users, eq(users.id, notices.userId))
      .where(isNull(notices.dispatchedAt))
      .orderBy(asc(notices.id))
      .limit(BATCH)
      .for('update', { of: notices, skipLocked: true })
    if (due.length === 0) return 0
    const wanted = due.map((n) => ({ ...n, kind: n.kind as NoticeKind }))
    const carries = await channelsFor(tx, wanted)
    const devices = await devicesOf(tx, [...new Set(due.map((n) => n.userId))])
    const sends: (typeof noticeSends.$inferInsert)[] = []
    for (const notice of wanted) {
      const base = { noticeId: notice.id, nextAt: now, createdAt: now }
      if (carries(notice, 'push'))
        for (const subscriptionId of devices.get(notice.userId) ?? [])
          sends.push({ ...base, channel: 'push', subscriptionId })
      if (notice.email && carries(notice, 'email')) sends.push({ ...base, channel: 'email' })
    }
    if (sends.length > 0) await tx.insert(noticeSends).values(sends).onConflictDoNothing()
    await tx
      .update(notices)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          notices.id,
          due.map((n) => n.id),
        ),
      )
    return due.length
  })
}

/** Claims due sends: each is this caller's alone from here on. */
async function claimDueSends(db: Db, now: Date) {
  const due = db
    .select({ id: noticeSends.id })
    .from(noticeSends)
    .where(and(eq(noticeSends.status, 'pending'), lte(noticeSends.nextAt, now)))
    .orderBy(asc(noticeSends.nextAt))
    .limit(BATCH)
    .for('update', { skipLocked: true })
  return db
    .update(noticeSends)
    .set({ status: 'sending', attempts: sql`${noticeSends.attempts} + 1`, claimedAt: now })
    .where(and(inArray(noticeSends.id, due), eq(noticeSends.status, 'pending')))
    .returning()
}

type Claimed = Awaited<ReturnType<typeof claimDueSends>>[number]
type Finish = { status: 'sent' | 'skipped' } | { status: 'gone'; subscriptionId: number } | { error: string }

/** Marks sends `sending` long after their claim `unknown` (a process stopped mid-send); never resent. */
export async function markCutOffSends(db: Db, now: Date): Promise<void> {
  await db
    .update(noticeSends)
    .set({ status: 'unknown' })
    .where(
      and(
        eq(noticeSends.status, 'sending'),
        lt(noticeSends.claimedAt, new Date(now.getTime() - SENDING_CUT_OFF_MS)),
      ),
    )
}

/** Sends what is due; the number of sends finished (sent, given up, or to try again later). */
export async function sendDueNotices(deps: SendDeps): Promise<number> {
  const { db } = deps
  const now = deps.clock()
  const claimed = await claimDueSends(db, now)
  if (claimed.length === 0) return 0
  const rows = await db
    .select({ notice: notices, language: users.language, email: users.email })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .where(
      inArray(
        notices.id,
        claimed.map((c) => c.noticeId),
      ),
    )
  const byId = new Map(rows.map((row) => [row.notice.id, row]))
  const subscriptionIds = claimed.flatMap((c) => (c.subscriptionId === null ? [] : [c.subscriptionId]))
  const devices =
    subscriptionIds.length === 0
      ? []
      : await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, subscriptionIds))
  const deviceById = new Map(devices.map((d) => [d.id, d]))

  await Promise.all(
    claimed.map(async (send) => {
      const row = byId.get(send.noticeId)
      let finish: Finish
      try {
        finish = row ? await sendOne(deps, send, row, deviceById) : { status: 'skipped' }
      } catch (error) {
        finish = { error: error instanceof Error ? error.message : String(error) }
      }
      await finishSend(db, send, finish, deps.clock())
    }),
  )
  return claimed.length
}

async function sendOne(
  deps: SendDeps,
  send: Claimed,
  row: { notice: typeof notices.$inferSelect; language: string; email: string | null },
  deviceById: Map<number, typeof pushSubscriptions.$inferSelect>,
): Promise<Finish> {
  const lang: LanguageCode = isLanguageCode(row.language) ? row.language : 'hk'
  const item = noticeItem(row.notice, lang, deps.name)
  if (send.channel === 'push') {
    const device = send.subscriptionId === null ? undefined : deviceById.get(send.subscriptionId)
    // Never to another user's device: the device must still be the notice owner's.
    if (!device || device.userId !== row.notice.userId) return { status: 'skipped' }
    const body = item.detail ? `${item.body}\n${item.detail}` : item.body
    const payload: PushPayload = {
      id: item.id,
      kind: item.kind,
      title: item.title,
      body: body.slice(0, PUSH_BODY_MAX),
      link: item.link,
    }
    const result = await deps.push.send(device, JSON.stringify(payload))
    return result === 'gone' ? { status: 'gone', subscriptionId: device.id } : { status: 'sent' }
  }
  if (!row.email) return { status: 'skipped' }
  const text = [
    item.body,
    item.detail,
    translate(lang, 'notice.email.open', { url: `${deps.publicUrl}${item.link}` }),
    translate(lang, 'notice.email.settings', { url: `${deps.publicUrl}/mine/notices` }),
  ]
    .filter((line) => line !== '')
    .join('\n\n')
  const sent = await deps.messenger.send('email', row.email, { subject: item.title, text: () => text })
  return sent ? { status: 'sent' } : { error: 'e-mail transport refused' }
}

async function finishSend(db: Db, send: Claimed, finish: Finish, now: Date): Promise<void> {
  if ('error' in finish) {
    const retry = send.attempts < MAX_ATTEMPTS
    await db
      .update(noticeSends)
      .set({
        status: retry ? 'pending' : 'failed',
        nextAt: new Date(now.getTime() + RETRY_BASE_MS * 2 ** (send.attempts - 1)),
        error: finish.error.slice(0, 500),
      })
      .where(eq(noticeSends.id, send.id))
    return
  }
  if (finish.status === 'gone') {
    // The device unsubscribed or was reset: its subscription goes, with its sends (this one too).
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, finish.subscriptionId))
    return
  }
  await db
    .update(noticeSends)
    .set({ status: finish.status, sentAt: finish.status === 'sent' ? now : null, error: null })
    .where(eq(noticeSends.id, send.id))
}

/**
 * The delivery of one process: a round (dispatch, then send) every `pollMs`, one at a time. Other
 * processes may run theirs on the same database: the claims keep each send to one of them.
 */
export function startNoticeDelivery(deps: NoticeDeliveryDeps) {
  let current: Promise<number> | undefined
  let started = false
  const round = async () => {
    if (!started) {
      await markCutOffSends(deps.db, deps.clock())
      started = true
    }
    const dispatched = await dispatchNotices(deps.db, deps.clock())
    return dispatched + (await sendDueNotices(deps))
  }
  const runRound = () => {
    current ??= round().finally(() => {
      current = undefined
    })
    return current
  }
  const timer =
    deps.pollMs > 0
      ? setInterval(() => {
          if (!current)
            runRound().catch((error: unknown) => deps.onError(error, 'notice delivery failed; will retry'))
        }, deps.pollMs)
      : undefined
  timer?.unref()
  return {
    /** Runs rounds until nothing is left to dispatch or due to send (tests, and a clean stop). */
    async drain(): Promise<void> {
      for (let rounds = 0; rounds < 1000; rounds++) if ((await runRound()) === 0) return
    },
    async stop(): Promise<void> {
      clearInterval(timer)
      await current?.catch(() => undefined)
    },
  }
}

export type NoticeDelivery = ReturnType<typeof startNoticeDelivery>
