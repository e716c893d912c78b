import { afterEach, describe, expect, it, vi } from 'vitest'
import { isOffline, reportSocketStatus, subscribeConnectivity } from './connectivity.ts'

describe('connectivity for the offline notice', () => {
  afterEach(() => {
    reportSocketStatus('open')
    vi.restoreAllMocks()
  })

  it('is offline while the socket cannot connect or the browser has no network, and says when it changes', () => {
    reportSocketStatus('open')
    const changed = vi.fn()
    const stop = subscribeConnectivity(changed)
    expect(isOffline()).toBe(false)
    reportSocketStatus('down')
    expect(isOffline()).toBe(true)
    reportSocketStatus('open')
    expect(changed).toHaveBeenCalledTimes(2)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
    expect(isOffline()).toBe(true)
    expect(changed).toHaveBeenCalledTimes(3)
    stop()
    reportSocketStatus('down')
    expect(changed).toHaveBeenCalledTimes(3)
  })
})
