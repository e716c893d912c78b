import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../lib/query-client.ts'
import { watchCatalogue } from './instruments-api.ts'

describe('watchCatalogue', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    queryClient.clear()
  })

  it('marks the instrument list and the category tabs stale when staff change the catalogue', () => {
    const handlers = new Map<string, () => void>()
    const stop = vi.fn()
    const socket = {
      listen: (type: string, handler: () => void) => {
        handlers.set(type, handler)
        return stop
      },
    }
    queryClient.setQueryData(['instruments', 'en', ''], [])
    queryClient.setQueryData(['categories', 'en'], [])
    queryClient.setQueryData(['news'], [])
    const unwatch = watchCatalogue(socket)
    expect([...handlers.keys()]).toEqual(['CATALOGUE'])

    handlers.get('CATALOGUE')?.()
    expect(queryClient.getQueryState(['instruments', 'en', ''])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['categories', 'en'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['news'])?.isInvalidated).toBe(false)

    unwatch()
    expect(stop).toHaveBeenCalledOnce()
  })
})

describe('the first instrument list, asked for by the page as it loaded', () => {
  /** A fresh page: the module's memory of the app's first ask starts over. */
  let takeFirstInstruments: (language: string, now?: number) => Promise<unknown>
  beforeEach(async () => {
    vi.resetModules()
    takeFirstInstruments = (await import('./first-data.ts')).takeFirstInstruments
  })
  afterEach(() => {
    delete window.__firstTradeList
  })
  const list = [{ id: 1, code: 'EURUSD' }]
  const started = (lang: string, at: number, answer: Promise<unknown>) => {
    window.__firstTradeList = { lang, at, answer }
  }

  it('is taken once, in the app language, while fresh', async () => {
    started('en', 1000, Promise.resolve({ code: 1, data: list }))
    expect(await takeFirstInstruments('en', 2000)).toEqual(list)
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
  })

  it.each([
    ['another language', 'hk', 2000, () => Promise.resolve({ code: 1, data: list })],
    ['old', 'en', 12_000, () => Promise.resolve({ code: 1, data: list })],
    ['refused', 'en', 2000, () => Promise.resolve({ code: 0, msg: 'no' })],
    ['failed', 'en', 2000, () => Promise.reject(new Error('offline'))],
  ])('is not used when %s', async (_, lang, now, answer) => {
    started(lang, 1000, answer())
    expect(await takeFirstInstruments('en', now)).toBeUndefined()
  })

  it('is ignored when the page’s script ran after the app had asked (a later ask reaches the server)', async () => {
    expect(await takeFirstInstruments('en', 1000)).toBeUndefined()
    started('en', 1500, Promise.resolve({ code: 1, data: list }))
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
    expect(window.__firstTradeList).toBeUndefined()
  })
})
