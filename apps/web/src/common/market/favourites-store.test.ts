import { beforeEach, describe, expect, it } from 'vitest'
import { StorageKey } from '../lib/storage.ts'
import { useFavourites } from './favourites-store.ts'

describe('favourites store', () => {
  beforeEach(() => {
    localStorage.clear()
    useFavourites.setState({ codes: [] })
  })

  it('stores each star as a JSON array of codes on the device', () => {
    useFavourites.getState().toggle('EURUSD')
    useFavourites.getState().toggle('BTCUSD')
    expect(JSON.parse(localStorage.getItem(StorageKey.FAVOURITES) ?? '')).toEqual(['EURUSD', 'BTCUSD'])
    useFavourites.getState().toggle('EURUSD')
    expect(useFavourites.getState().codes).toEqual(['BTCUSD'])
  })

  it('keeps what another tab starred meanwhile', () => {
    localStorage.setItem(StorageKey.FAVOURITES, '["XAUUSD"]')
    useFavourites.getState().toggle('EURUSD')
    expect(useFavourites.getState().codes).toEqual(['XAUUSD', 'EURUSD'])
  })

  it("follows another tab's change (the storage event), bad values included", () => {
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.FAVOURITES, newValue: '["GBPUSD"]' }))
    expect(useFavourites.getState().codes).toEqual(['GBPUSD'])
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.FAVOURITES, newValue: '{oops' }))
    expect(useFavourites.getState().codes).toEqual([])
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: '["EURUSD"]' }))
    expect(useFavourites.getState().codes).toEqual([])
  })
})
