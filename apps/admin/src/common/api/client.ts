import { apiLanguage, translateNow } from '../i18n/i18n.tsx'
import { sessionToken, signOut } from '../session/session-store.ts'

/** Envelope codes of `/admin/api/*` (as the app's: 1 done, 0 refused, 999 sign in again). */
const OK = 1
const SIGN_IN_AGAIN = 999

/** A refused call; `message` is the server's translated `msg`, fit to show as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly code: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message)
  }
}

type Query = Record<string, string | number | undefined | null>

interface Envelope {
  code: number
  msg: string
  data: unknown
  reason?: string
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number'
}

export function headers(token = sessionToken()): Record<string, string> {
  const result: Record<string, string> = { lang: apiLanguage(), accept: 'application/json' }
  if (token) result.authorization = token
  return result
}

function withQuery(path: string, query?: Query): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/**
 * One call to `/admin/api`. `token` overrides the session's (the sign-in steps send the pending
 * token). Code 999 ends the session, which sends the frame back to the sign-in page.
 */
async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Query; token?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    headers: headers(options.token ?? sessionToken()),
    signal: options.signal,
  }
  if (method === 'POST') {
    init.headers = { ...init.headers, 'content-type': 'application/json' }
    init.body = JSON.stringify(options.body ?? {})
  }
  let envelope: unknown
  try {
    const response = await fetch(withQuery(`/admin/api${path}`, options.query), init)
    envelope = await response.json().catch(() => undefined)
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error
    envelope = undefined
  }
  if (!isEnvelope(envelope)) throw new ApiError(-1, translateNow('common.networkError'))
  if (envelope.code === OK) return envelope.data as T
  if (envelope.code === SIGN_IN_AGAIN && options.token === undefined && sessionToken()) signOut('expired')
  throw new ApiError(envelope.code, envelope.msg, envelope.reason)
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => call<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, token?: string) => call<T>('POST', path, { body, token }),
}

export const isSignInAgain = (error: unknown) => error instanceof ApiError && error.code === SIGN_IN_AGAIN
