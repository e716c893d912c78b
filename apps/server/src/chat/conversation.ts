import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { ChatSender, ChatStatus, type ChatMessagePage } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { chatConversations, chatMessages } from '../db/schema.ts'
import { notify } from '../notices/notices.ts'
import type { ChatDeps } from './deps.ts'
import { chatMessageView, pushChatMessage } from './message-view.ts'

/** A staff reply's first characters, shown with its notice. */
const REPLY_PREVIEW_MAX = 200

export interface NewChatMessage {
  userId: number
  sender: 1 | 2
  staffName: string
  text: string
  uploadId: string | null
}

/**
 * Stores a message and opens (or reopens) its conversation, in one transaction (a staff reply with
 * its notice), then pushes it to the user's sockets. Callers have checked the input and the image's owner.
 */
export async function storeAndPush(deps: ChatDeps, message: NewChatMessage) {
  const now = deps.clock()
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ ...message, createdAt: now })
      .returning()
    if (!inserted) throw new Error('chat message not stored')
    // A staff reply moves the conversation up but never reopens one staff closed; the user's does.
    const reopen = message.sender === ChatSender.User
    await tx
      .insert(chatConversations)
      .values({ userId: message.userId, status: ChatStatus.Open, lastMessageAt: now })
      .onConflictDoUpdate({
        target: chatConversations.userId,
        set: reopen
          ? { status: ChatStatus.Open, lastMessageAt: now, closedAt: null }
          : { lastMessageAt: now },
      })
    // A staff reply reaches a user whose app is closed as a notice (issue 26): in the inbox, by push.
    if (message.sender === ChatSender.Staff)
      await notify(tx, {
        userId: message.userId,
        kind: 'support_reply',
        ref: `chat:${inserted.id}`,
        params: { name: message.staffName },
        detail: message.text.slice(0, REPLY_PREVIEW_MAX),
      })
    return inserted
  })
  const view = chatMessageView(deps, row)
  pushChatMessage(deps, message.userId, view)
  return view
}

/** One page of a conversation, oldest to newest within it: the newest page, or the one before `beforeId`. */
export async function conversationPage(
  deps: Pick<ChatDeps, 'db' | 'uploads' | 'clock'>,
  userId: number,
  page: { beforeId?: number; limit: number },
): Promise<ChatMessagePage> {
  const { db } = deps
  const mine = eq(chatMessages.userId, userId)
  const rows = await db
    .select()
    .from(chatMessages)
    .where(page.beforeId === undefined ? mine : and(mine, lt(chatMessages.id, page.beforeId)))
    .orderBy(desc(chatMessages.id))
    .limit(page.limit + 1)
  const [total] = await db.select({ n: count() }).from(chatMessages).where(mine)
  const hasMore = rows.length > page.limit
  return {
    data: rows
      .slice(0, page.limit)
      .reverse()
      .map((row) => chatMessageView(deps, row)),
    total: total?.n ?? 0,
    has_more: hasMore,
  }
}

/** Marks as read, now, the unread messages of `userId`'s conversation that `sender` wrote; how many. */
export async function markRead(db: DbOrTx, userId: number, sender: 1 | 2, now: Date): Promise<number> {
  const marked = await db
    .update(chatMessages)
    .set({ readAt: now })
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sender, sender), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id })
  return marked.length
}

/** Unread messages of `userId`'s conversation written by `sender`. */
export async function unreadCount(db: DbOrTx, userId: number, sender: 1 | 2): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sender, sender), isNull(chatMessages.readAt)))
  return row?.n ?? 0
}
