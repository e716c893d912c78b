import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  CHAT_TEXT_MAX,
  ChatSender,
  ChatStatus,
  chatText,
  type ChatMessage,
  type ChatMessagePage,
  type ConversationSummary,
} from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { chatConversations, chatMessages, uploads, users } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { wireTime } from '../trading/order-view.ts'
import { UPLOAD_ID_PATTERN } from '../uploads/store.ts'
import { conversationPage, markRead, storeAndPush } from './conversation.ts'
import type { ChatDeps } from './deps.ts'

/**
 * The back office's side of the support chat (issue 11 builds its screens on these). Every function
 * names the conversation by the user's id; a user without a conversation is `not_found`.
 */

/** Longest staff name shown to users: a first name and a team, not a paragraph. */
const STAFF_NAME_MAX = 64
export const MAX_CONVERSATION_PAGE = 100

export type { ConversationSummary }

/**
 * Conversations, most recent first, `status` 1 or 2 (none: both), with the staff's unread count and
 * the last message of each. `page` from 1, `limit` at most 100.
 */
export async function conversationList(
  db: Db,
  query: { status?: number; page: number; limit: number },
): Promise<Outcome<{ data: ConversationSummary[]; total: number }>> {
  const { page, limit, status } = query
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(limit) || limit < 1)
    return refuse('invalid_input', { field: 'page' })
  if (limit > MAX_CONVERSATION_PAGE) return refuse('invalid_input', { field: 'limit' })
  if (status !== undefined && status !== ChatStatus.Open && status !== ChatStatus.Closed)
    return refuse('invalid_input', { field: 'status' })
  const where = status === undefined ? undefined : eq(chatConversations.status, status)
  const rows = await db
    .select({ conversation: chatConversations, uid: users.uid, email: users.email, isDemo: users.isDemo })
    .from(chatConversations)
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .where(where)
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.userId))
    .limit(limit)
    .offset((page - 1) * limit)
  const [total] = await db.select({ n: count() }).from(chatConversations).where(where)
  const ids = rows.map((r) => r.conversation.userId)
  const unread = new Map<number, number>()
  const last = new Map<number, typeof chatMessages.$inferSelect>()
  if (ids.length > 0) {
    const counts = await db
      .select({ userId: chatMessages.userId, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          inArray(chatMessages.userId, ids),
          eq(chatMessages.sender, ChatSender.User),
          isNull(chatMessages.readAt),
        ),
      )
      .groupBy(chatMessages.userId)
    for (const c of counts) unread.set(c.userId, c.n)
    const newest = await db
      .selectDistinctOn([chatMessages.userId])
      .from(chatMessages)
      .where(inArray(chatMessages.userId, ids))
      .orderBy(chatMessages.userId, desc(chatMessages.id))
    for (const m of newest) last.set(m.userId, m)
  }
  const data = rows.map(({ conversation: c, uid, email, isDemo }): ConversationSummary => {
    const m = last.get(c.userId)
    return {
      user_id: c.userId,
      uid,
      email: email ?? '',
      is_demo: isDemo,
      status: c.status,
      last_message_at: wireTime(c.lastMessageAt.getTime()),
      closed_at: c.closedAt ? wireTime(c.closedAt.getTime()) : '',
      unread: unread.get(c.userId) ?? 0,
      last_message: m
        ? {
            id: m.id,
            sender: m.sender,
            text: m.text,
            has_image: m.uploadId !== null,
            created_at: wireTime(m.createdAt.getTime()),
          }
        : null,
    }
  })
  return accept({ data, total: total?.n ?? 0 })
}

async function conversationExists(db: Db, userId: number): Promise<boolean> {
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) return false
  const [row] = await db
    .select({ userId: chatConversations.userId })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
  return row !== undefined
}

/** A page of one user's conversation (see conversationPage), images signed for staff to open. */
export async function conversationMessages(
  deps: Pick<ChatDeps, 'db' | 'uploads' | 'clock'>,
  userId: number,
  page: { beforeId?: number; limit: number } = { limit: 30 },
): Promise<Outcome<ChatMessagePage>> {
  if (!(await conversationExists(deps.db, userId))) return refuse('not_found')
  if (!Number.isSafeInteger(page.limit) || page.limit < 1 || page.limit > MAX_CONVERSATION_PAGE)
    return refuse('invalid_input', { field: 'limit' })
  if (page.beforeId !== undefined && !(Number.isSafeInteger(page.beforeId) && page.beforeId > 0))
    return refuse('invalid_input', { field: 'id' })
  return accept(await conversationPage(deps, userId, page))
}

export interface StaffReply {
  userId: number
  staffName: string
  text?: string
  /** An upload owned by the conversation's user: one they sent, or one staff uploaded for them (staff-image.ts). */
  uploadId?: string
}

/**
 * A staff reply: stored and pushed to the user's sockets as CHAT. Replying to a user who never
 * wrote is allowed (staff may reach out) as long as the user exists; it does not reopen a
 * conversation staff closed.
 */
export async function staffReply(deps: ChatDeps, reply: StaffReply): Promise<Outcome<ChatMessage>> {
  const { db } = deps
  const staffName = reply.staffName.trim()
  // eslint-disable-next-line no-control-regex
  if (staffName === '' || staffName.length > STAFF_NAME_MAX || /[\u0000-\u001f\u007f]/.test(staffName))
    return refuse('invalid_input', { field: 'name' })
  const parsed = chatText.safeParse(reply.text ?? '')
  if (!parsed.success || parsed.data.length > CHAT_TEXT_MAX) return refuse('invalid_input', { field: 'text' })
  let uploadId: string | null = null
  if (reply.uploadId !== undefined && reply.uploadId !== '') {
    if (!UPLOAD_ID_PATTERN.test(reply.uploadId)) return refuse('image_invalid')
    // Only an image owned by this conversation's user (staff images are stored as theirs, see
    // staff-image.ts): a slip of the staff can never show one user's ID photo in another's chat.
    const [upload] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, reply.uploadId), eq(uploads.userId, reply.userId)))
    if (!upload) return refuse('image_invalid')
    uploadId = upload.id
  }
  if (parsed.data === '' && uploadId === null) return refuse('invalid_input', { field: 'text' })
  if (!Number.isSafeInteger(reply.userId) || reply.userId < 1 || reply.userId > 2_147_483_647)
    return refuse('account_not_found')
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, reply.userId))
  if (!user) return refuse('account_not_found')
  return accept(
    await storeAndPush(deps, {
      userId: reply.userId,
      sender: ChatSender.Staff,
      staffName,
      text: parsed.data,
      uploadId,
    }),
  )
}

/** Staff have read the conversation: every user message so far is read; how many were marked. */
export async function markReadByStaff(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  userId: number,
): Promise<Outcome<{ marked: number }>> {
  if (!(await conversationExists(deps.db, userId))) return refuse('not_found')
  return accept({ marked: await markRead(deps.db, userId, ChatSender.User, deps.clock()) })
}

/** Closes a conversation; the user's next message reopens it. Closing a closed one changes nothing. */
export async function closeConversation(
  deps: Pick<ChatDeps, 'db' | 'clock'>,
  userId: number,
): Promise<Outcome<null>> {
  if (!(await conversationExists(deps.db, userId))) return refuse('not_found')
  await deps.db
    .update(chatConversations)
    .set({ status: ChatStatus.Closed, closedAt: deps.clock() })
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.status, ChatStatus.Open)))
  return accept(null)
}
