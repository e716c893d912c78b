import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../lib/query-client.ts'
import { takeFirstInstruments } from './first-data.ts'
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
    queryClient.setQueryData(['instruments', ''], [])
    queryClient.setQueryData(['categories', 'en'], [])
    queryClient.setQueryData(['news'], [])
    const unwatch = watchCatalogue(socket)
    expect([...handlers.keys()]).toEqual(['CATALOGUE'])

    handlers.get('CATALOGUE')?.()
    expect(queryClient.getQueryState(['instruments', ''])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['categories', 'en'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['news'])?.isInvalidated).toBe(false)

    unwatch()
    expect(stop).toHaveBeenCalledOnce()
  })
})

describe('the first instrument list, asked for by the page as it loaded', () => {
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

  it('is not used in another language, when old, refused or failed', async () => {
    started('hk', 1000, Promise.resolve({ code: 1, data: list }))
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
    started('en', 1000, Promise.resolve({ code: 1, data: list }))
    expect(await takeFirstInstruments('en', 12_000)).toBeUndefined()
    started('en', 1000, Promise.resolve({ code: 0, msg: 'no' }))
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
    started('en', 1000, Promise.reject(new Error('offline')))
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
    expect(await takeFirstInstruments('en', 2000)).toBeUndefined()
  })
})
