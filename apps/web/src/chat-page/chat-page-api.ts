import type { ChatMessage, ChatMessagePage, ChatUnread, UserInfo } from '@tp/contracts/light'

/** A call answered with a code other than 1: `msg` is the server's translated message. */
export class ChatCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The calls the chat page makes, with the app's headers (docs/product.md "Calls": `lang`, `authorization`). */
export function chatPageApi(
  token: string,
  lang: string,
  fetchImpl: typeof fetch = (i, n) => window.fetch(i, n),
) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, form?: FormData): Promise<T> {
    const headers: Record<string, string> = { lang, authorization: token, accept: 'application/json' }
    let payload: string | FormData | undefined = form
    if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    // GET carries a time stamp, as every GET of the app (no cache answers for it).
    const url = method === 'GET' ? `${path}${path.includes('?') ? '&' : '?'}t=${Date.now()}` : path
    const response = await fetchImpl(url, { method, headers, body: payload })
    const envelope = (await response.json().catch(() => undefined)) as
      { code: number; msg: string; data: T } | undefined
    if (!envelope || typeof envelope.code !== 'number') throw new ChatCallError(-1, '')
    if (envelope.code !== 1) throw new ChatCallError(envelope.code, envelope.msg)
    return envelope.data
  }
  return {
    user: () => call<UserInfo>('GET', '/api/user/info'),
    messages: (beforeId?: number) =>
      call<ChatMessagePage>('GET', `/api/chat/messages${beforeId ? `?before_id=${beforeId}` : ''}`),
    send: (message: { text?: string; image?: string }) =>
      call<ChatMessage>('POST', '/api/chat/send', message),
    read: () => call<null>('POST', '/api/chat/read', {}),
    unread: () => call<ChatUnread>('GET', '/api/chat/unread'),
    upload: (file: Blob) => {
      const form = new FormData()
      form.append('file', file)
      return call<{ url: string }>('POST', '/api/common/image_upload', undefined, form)
    },
  }
}

export type ChatPageApi = ReturnType<typeof chatPageApi>
