import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, NetworkError, signInAgain, type ApiClientDeps } from './api-client.ts'
import { setNavigator } from './lib/navigation.ts'
import { useSession } from './session/session-store.ts'

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function setup(response: Response | Error | DOMException, token: string | null = 'tok-1') {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    if (!(response instanceof Response)) throw response
    return response
  })
  const deps: ApiClientDeps = {
    fetch,
    getToken: () => token,
    getLanguage: () => 'en',
    onSignInAgain: vi.fn(),
    showError: vi.fn(),
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    networkErrorMessage: (status) => (status ? `network error ${status}` : 'network error'),
    now: () => 1_700_000_000_000,
  }
  return { client: createApiClient(deps), deps, fetch }
}

function lastCall(fetch: ReturnType<typeof setup>['fetch']) {
  const [url, init] = fetch.mock.calls.at(-1) ?? []
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> }
}

describe('api client', () => {
  it('resolves data on code 1 and sends lang and authorization headers', async () => {
    const { client, fetch } = setup(jsonResponse({ code: 1, msg: 'ok', data: { value: '1' } }))
    await expect(client.get('/api/default/setting', { query: { key: 'is_show_mobile' } })).resolves.toEqual({
      value: '1',
    })
    const { url, headers } = lastCall(fetch)
    expect(headers.lang).toBe('en')
    expect(headers.authorization).toBe('tok-1')
    expect(url).toBe('/api/default/setting?key=is_show_mobile&t=1700000000000')
  })

  it('adds t to GET and DELETE but not to POST', async () => {
    const { client, fetch } = setup(jsonResponse({ code: 1, msg: '', data: null }))
    await client.del('/api/x')
    expect(lastCall(fetch).url).toBe('/api/x?t=1700000000000')
    await client.post('/api/x', { a: 1 }).catch(() => undefined)
    expect(lastCall(fetch).url).toBe('/api/x')
  })

  it('omits authorization for a visitor', async () => {
    const { client, fetch } = setup(jsonResponse({ code: 1, msg: '', data: null }), null)
    await client.get('/api/default/area_list')
    expect(lastCall(fetch).headers).not.toHaveProperty('authorization')
  })

  it('posts a urlencoded form by default and skips absent fields', async () => {
    const { client, fetch } = setup(jsonResponse({ code: 1, msg: 'sent', data: null }))
    await client.post('/api/notify/send_sms', { to: '91234567', area_id: 3, type: 1, key: undefined })
    const { init, headers } = lastCall(fetch)
    expect(init.method).toBe('POST')
    expect(headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(init.body).toBe('to=91234567&area_id=3&type=1')
  })

  it('posts JSON when asked', async () => {
    const { client, fetch } = setup(jsonResponse({ code: 1, msg: '', data: null }))
    await client.post('/api/x', { a: 'b' }, { json: true })
    expect(lastCall(fetch).headers['content-type']).toBe('application/json')
    expect(lastCall(fetch).init.body).toBe('{"a":"b"}')
  })

  it('returns the success message from postResult', async () => {
    const { client } = setup(jsonResponse({ code: 1, msg: 'Code sent', data: null }))
    await expect(client.postResult('/api/notify/send_email', { to: 'a@b.c', type: 1 })).resolves.toEqual({
      data: null,
      msg: 'Code sent',
    })
  })

  it('toasts msg and rejects with ApiError on code 0, reading the envelope whatever the HTTP status', async () => {
    const { client, deps } = setup(
      jsonResponse({ code: 0, msg: 'Too many requests', data: null, reason: 'rate_limited' }, 429),
    )
    const error = await client.post('/api/user/loginForU', { account: 'a' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 0, message: 'Too many requests', reason: 'rate_limited' })
    expect(deps.showError).toHaveBeenCalledWith('Too many requests')
  })

  it('does not toast when the call is silent', async () => {
    const { client, deps } = setup(jsonResponse({ code: 0, msg: 'nope', data: null }))
    await expect(client.get('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError)
    expect(deps.showError).not.toHaveBeenCalled()
  })

  it("carries a refusal's data, and leaves the refusals the caller answers itself untoasted", async () => {
    const requote = { price: 1.08512, bid: 1.08502, ask: 1.08512 }
    const { client, deps } = setup(jsonResponse({ code: 0, msg: 'moved', data: requote, reason: 'requote' }))
    const error = await client.get('/x', { quietReasons: ['requote'] }).catch((e: unknown) => e)
    expect(error).toMatchObject({ reason: 'requote', data: requote })
    expect(deps.showError).not.toHaveBeenCalled()

    const other = setup(jsonResponse({ code: 0, msg: 'Market closed', data: null, reason: 'market_closed' }))
    await expect(other.client.get('/x', { quietReasons: ['requote'] })).rejects.toBeInstanceOf(ApiError)
    expect(other.deps.showError).toHaveBeenCalledWith('Market closed')
  })

  it('hands code 999 to the sign-in-again handler, saying whether the call was initial', async () => {
    const first = setup(jsonResponse({ code: 999, msg: 'Please sign in again', data: null }))
    await expect(first.client.get('/api/user/info', { initial: true })).rejects.toMatchObject({ code: 999 })
    expect(first.deps.onSignInAgain).toHaveBeenCalledWith(true)
    const second = setup(jsonResponse({ code: 999, msg: 'Please sign in again', data: null }))
    await expect(second.client.get('/v1/api/forex/my_deal')).rejects.toMatchObject({ code: 999 })
    expect(second.deps.onSignInAgain).toHaveBeenCalledWith(false)
    expect(second.deps.showError).not.toHaveBeenCalled()
  })

  it('toasts a network error with the HTTP status when no envelope comes back', async () => {
    const { client, deps } = setup(new Response('<html>bad gateway</html>', { status: 502 }))
    const error = await client.get('/api/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(deps.showError).toHaveBeenCalledWith('network error 502')
  })

  it('toasts a plain network error when fetch fails', async () => {
    const { client, deps } = setup(new TypeError('Failed to fetch'))
    await expect(client.get('/api/x')).rejects.toBeInstanceOf(NetworkError)
    expect(deps.showError).toHaveBeenCalledWith('network error')
  })

  it('stays quiet about aborted requests', async () => {
    const { client, deps } = setup(new DOMException('aborted', 'AbortError'))
    await expect(client.get('/api/x')).rejects.toMatchObject({ name: 'AbortError' })
    expect(deps.showError).not.toHaveBeenCalled()
  })

  it('stays quiet when the caller aborts while the body is read', async () => {
    const controller = new AbortController()
    const { client, deps } = setup(new Response('partial', { status: 200 }))
    controller.abort()
    await expect(client.get('/api/x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(deps.showError).not.toHaveBeenCalled()
  })

  it('closes the loading indicator before an error toast', async () => {
    const { client, deps } = setup(jsonResponse({ code: 0, msg: 'bad', data: null }))
    const order: string[] = []
    vi.mocked(deps.showLoading).mockImplementation(() => order.push('show'))
    vi.mocked(deps.hideLoading).mockImplementation(() => order.push('hide'))
    vi.mocked(deps.showError).mockImplementation(() => order.push('error'))
    await client.post('/api/x', {}, { loading: true }).catch(() => undefined)
    expect(order).toEqual(['show', 'hide', 'error'])
  })
})

describe('signInAgain (code 999)', () => {
  const navigate = vi.fn()
  beforeEach(() => {
    setNavigator(navigate)
    window.history.replaceState(null, '', '/order?type=1')
    useSession.setState({ token: 'tok', user: null })
    window.localStorage.setItem('token', 'tok')
  })
  afterEach(() => navigate.mockReset())

  it('clears the session and sends the user to /login with the current path', () => {
    signInAgain(false)
    expect(useSession.getState().token).toBeNull()
    expect(window.localStorage.getItem('token')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/login?from=%2Forder%3Ftype%3D1', { replace: true })
  })

  it('only clears the session for an initial call', () => {
    signInAgain(true)
    expect(useSession.getState().token).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })
})
