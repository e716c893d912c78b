import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, fileNameOf, type ApiClientDeps } from './api-client.ts'

/** The API client's file download (a statement): the file itself, or a refusal as an envelope. */
function setup(response: Response) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => response)
  const deps: ApiClientDeps = {
    fetch,
    getToken: () => 'tok-1',
    getLanguage: () => 'hk',
    onSignInAgain: vi.fn(),
    showError: vi.fn(),
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    networkErrorMessage: () => 'network error',
    now: () => 1_700_000_000_000,
  }
  return { client: createApiClient(deps), deps, fetch }
}

describe('api client files', () => {
  it('returns the bytes and the server’s file name, sending the token in the header', async () => {
    const body = '\uFEFFa,b\r\n'
    const { client, fetch, deps } = setup(
      new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="statement-U1-2026-11-01-2026-11-29.csv"',
        },
      }),
    )
    const file = await client.file('/v1/api/main/account/statement', 'statement.csv', {
      query: { from: 1, to: 2, format: 'csv' },
      loading: true,
    })
    expect(file.name).toBe('statement-U1-2026-11-01-2026-11-29.csv')
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    )
    const [url, init] = fetch.mock.calls[0]!
    expect(String(url)).toBe('/v1/api/main/account/statement?from=1&to=2&format=csv&t=1700000000000')
    expect((init?.headers as Record<string, string>).authorization).toBe('tok-1')
    expect(deps.hideLoading).toHaveBeenCalledOnce()
  })

  it('throws a refusal and toasts its message, as every call does', async () => {
    const refusal = { code: 0, msg: '請選擇不超過366天的期間', data: null, reason: 'range_invalid' }
    const { client, deps } = setup(
      new Response(JSON.stringify(refusal), { headers: { 'content-type': 'application/json' } }),
    )
    await expect(client.file('/v1/api/main/account/statement', 'statement.pdf')).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(deps.showError).toHaveBeenCalledWith('請選擇不超過366天的期間')
  })

  it('keeps only a plain file name from the header', () => {
    expect(fileNameOf('attachment; filename="a-1.pdf"', 'x.pdf')).toBe('a-1.pdf')
    expect(fileNameOf('attachment; filename="../../etc"', 'x.pdf')).toBe('x.pdf')
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf')
  })
})
