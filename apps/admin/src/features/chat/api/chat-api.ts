import type { ChatMessage, ChatMessagePage, ConversationList, StaffChatImage } from '@tp/contracts/light'
import { ApiError, api, headers } from '../../../common/api/client.ts'
import { translateNow } from '../../../common/i18n/i18n.tsx'
import { signOut } from '../../../common/session/session-store.ts'

/** Conversations per page of the list. */
export const CONVERSATION_PAGE_SIZE = 30
/** Messages per page of a conversation (older pages load on demand). */
export const MESSAGE_PAGE_SIZE = 50
/** The server's limit on one image (it refuses bigger ones too; this spares the upload). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/**
 * Query keys. Everything lives under ['queue', 'chat'], the name the live event stream invalidates
 * when a user writes (common/live/use-queue-events.ts): the list and the open conversation refresh
 * at once.
 */
export const chatKeys = {
  all: ['queue', 'chat'] as const,
  list: (status: number | undefined, page: number) => ['queue', 'chat', 'list', status ?? 0, page] as const,
  lists: ['queue', 'chat', 'list'] as const,
  messages: (userId: number) => ['queue', 'chat', 'messages', userId] as const,
}

export const chatApi = {
  list: (query: { status?: number; page: number }, signal?: AbortSignal) =>
    api.get<ConversationList>('/chat', { ...query, limit: CONVERSATION_PAGE_SIZE }, signal),
  messages: (userId: number, beforeId: number | undefined, signal?: AbortSignal) =>
    api.get<ChatMessagePage>(
      `/chat/${userId}/messages`,
      { before_id: beforeId, limit: MESSAGE_PAGE_SIZE },
      signal,
    ),
  reply: (userId: number, body: { text: string; upload_id?: string }) =>
    api.post<ChatMessage>(`/chat/${userId}/reply`, body),
  read: (userId: number) => api.post<{ marked: number }>(`/chat/${userId}/read`),
  close: (userId: number) => api.post<null>(`/chat/${userId}/close`),
  uploadImage,
}

/**
 * An image for a reply to `userId`, sent as multipart (the shared client speaks JSON only); the
 * answer's `upload_id` goes with the reply. Refusals arrive as ApiError with the server's message.
 */
async function uploadImage(userId: number, file: File): Promise<StaffChatImage> {
  const form = new FormData()
  form.append('file', file, file.name || 'image')
  let envelope: { code?: unknown; msg?: unknown; data?: unknown; reason?: unknown } | undefined
  try {
    const response = await fetch(`/admin/api/chat/${userId}/image`, {
      method: 'POST',
      headers: headers(),
      body: form,
    })
    envelope = (await response.json().catch(() => undefined)) as typeof envelope
  } catch {
    envelope = undefined
  }
  if (!envelope || typeof envelope.code !== 'number')
    throw new ApiError(-1, translateNow('common.networkError'))
  if (envelope.code === 1) return envelope.data as StaffChatImage
  if (envelope.code === 999) signOut('expired')
  throw new ApiError(
    envelope.code,
    String(envelope.msg ?? ''),
    typeof envelope.reason === 'string' ? envelope.reason : undefined,
  )
}
