import { afterEach, describe, expect, it, vi } from 'vitest'
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
