import { ResultCode } from '@tp/contracts/light'
import { currentLanguage, translate } from './i18n/i18n.ts'
import { currentPath, isLoginPath, loginPath, navigateTo } from './lib/navigation.ts'
import { clearToast, showToast } from './lib/toast.ts'
import { useSession } from './session/session-store.ts'

/**
 * A call answered with an envelope whose code is not 1. `msg` is already translated by the server;
 * `data` is what some refusals carry (a requote's new price).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly code: number,
    message: string,
    readonly reason?: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** No envelope came back: the network failed or something other than our server answered. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message)
  }
}

export type QueryValue = string | number | boolean | null | undefined
export type Params = Record<string, QueryValue>

export interface CallOptions {
  query?: Params
  /** Do not toast errors; the caller shows its own state. */
  silent?: boolean
  /** Refusals (by `reason`) the caller answers itself, untoasted; others are toasted as usual. */
  quietReasons?: readonly string[]
  /** A start-up call: code 999 clears the session but does not send the user to /login. */
  initial?: boolean
  /** Show a blocking loading toast until the answer arrives. */
  loading?: boolean
  /** Send the POST body as JSON instead of a form. */
  json?: boolean
  signal?: AbortSignal
}

export interface ApiClientDeps {
  fetch: typeof fetch
  getToken: () => string | null
  getLanguage: () => string
  /** Code 999: the session ended; `initial` says whether to stay on the page. */
  onSignInAgain: (initial: boolean) => void
  showError: (message: string) => void
  showLoading: () => void
  hideLoading: () => void
  networkErrorMessage: (status: number | null) => string
  now: () => number
}

/** A successful answer: its data and the server's (translated) message. */
export interface ApiResult<T> {
  data: T
  msg: string
}

/** A file the server sent instead of an envelope (a statement): its bytes and the name it gave. */
export interface ApiFile {
  blob: Blob
  name: string
}

/** The file name of a Content-Disposition header (`attachment; filename="x.csv"`), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = disposition?.match(/filename="([^"]+)"/)?.[1]
  return name && /^[\w.-]+$/.test(name) ? name : fallback
}

interface Envelope {
  code: number
  msg: string
  data: unknown
  reason?: string
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}

function toSearchParams(params: Params): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    search.append(key, String(value))
  }
  return search
}

export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: Params | undefined,
    options: CallOptions = {},
    asFile?: string,
  ): Promise<ApiResult<T>> {
    const query: Params = { ...options.query }
    // GET and DELETE carry a time stamp so no cache between here and the server answers for them.
    if (method !== 'POST') query.t = deps.now()
    const search = toSearchParams(query).toString()
    const url = search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path

    const headers: Record<string, string> = { lang: deps.getLanguage(), accept: 'application/json' }
    const token = deps.getToken()
    if (token) headers.authorization = token
    let payload: string | undefined
    if (method === 'POST') {
      if (options.json) {
        headers['content-type'] = 'application/json'
        payload = JSON.stringify(body ?? {})
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8'
        payload = toSearchParams(body ?? {}).toString()
      }
    }

    if (options.loading) deps.showLoading()
    let status: number | null = null
    let envelope: unknown
    try {
      const response = await deps.fetch(url, { method, headers, body: payload, signal: options.signal })
      status = response.status
      // A file comes as itself; a refusal of it, as of every call, as an envelope.
      const json = response.headers.get('content-type')?.includes('application/json') ?? false
      if (asFile !== undefined && response.ok && !json) {
        const file: ApiFile = {
          blob: await response.blob(),
          name: fileNameOf(response.headers.get('content-disposition'), asFile),
        }
        return { data: file as T, msg: '' }
      }
      // The server answers 400, 413 and 429 with an envelope too, so read the body whatever the status.
      envelope = await response.json().catch(() => undefined)
    } catch (error) {
      if (isAbort(error)) throw error
      envelope = undefined
    } finally {
      if (options.loading) deps.hideLoading()
    }
    // Cancelled while the body was read: the caller went away, nobody needs a toast.
    if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError')

    if (!isEnvelope(envelope)) {
      // A 200 without an envelope (a proxy's HTML page) says nothing useful; only show error statuses.
      const message = deps.networkErrorMessage(status !== null && status >= 300 ? status : null)
      if (!options.silent) deps.showError(message)
      throw new NetworkError(status, message)
    }
    if (envelope.code === ResultCode.OK) return { data: envelope.data as T, msg: envelope.msg }
    const error = new ApiError(envelope.code, envelope.msg, envelope.reason, envelope.data)
    if (envelope.code === ResultCode.RELOGIN) {
      deps.onSignInAgain(options.initial === true)
      throw error
    }
    const quiet = options.silent || options.quietReasons?.includes(envelope.reason ?? '')
    if (!quiet && envelope.msg) deps.showError(envelope.msg)
    throw error
  }

  const dataOf = <T>(result: ApiResult<T>) => result.data
  return {
    get: <T>(path: string, options?: CallOptions) => request<T>('GET', path, undefined, options).then(dataOf),
    del: <T>(path: string, options?: CallOptions) =>
      request<T>('DELETE', path, undefined, options).then(dataOf),
    post: <T>(path: string, body?: Params, options?: CallOptions) =>
      request<T>('POST', path, body, options).then(dataOf),
    /** A file to download (`fallbackName` when the server names none); a refusal throws as get does. */
    file: (path: string, fallbackName: string, options?: CallOptions) =>
      request<ApiFile>('GET', path, undefined, options, fallbackName).then(dataOf),
    /** Like get, with the server's success message for a confirmation toast. */
    getResult: <T>(path: string, options?: CallOptions) => request<T>('GET', path, undefined, options),
    /** Like post, with the server's success message for a confirmation toast. */
    postResult: <T>(path: string, body?: Params, options?: CallOptions) =>
      request<T>('POST', path, body, options),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/** Code 999: forget the session and, unless this was a start-up call, ask the user to sign in. */
export function signInAgain(initial: boolean): void {
  // A sign-out under way ends the session itself and goes home.
  if (useSession.getState().signingOut) return
  useSession.getState().clear()
  if (initial) return
  const from = currentPath()
  if (!isLoginPath(window.location.pathname)) navigateTo(loginPath(from), { replace: true })
}

export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  getToken: () => useSession.getState().token,
  getLanguage: currentLanguage,
  onSignInAgain: signInAgain,
  showError: (message) => showToast({ content: message }),
  showLoading: () =>
    showToast({ icon: 'loading', content: translate('common.loading'), duration: 0, maskClickable: false }),
  hideLoading: clearToast,
  networkErrorMessage: (status) =>
    status ? translate('common.networkErrorStatus', { status }) : translate('common.networkError'),
  now: () => Date.now(),
})
