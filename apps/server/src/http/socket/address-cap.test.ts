import { describe, expect, it } from 'vitest'
import { AddressCap } from './address-cap.ts'

describe('AddressCap', () => {
  it('refuses an address at its cap and lets it in again after a release', () => {
    const cap = new AddressCap(2)
    const first = cap.acquire('10.0.0.1')
    const second = cap.acquire('10.0.0.1')
    expect(first && second).toBeTruthy()
    expect(cap.acquire('10.0.0.1')).toBeUndefined()
    // Other addresses are counted apart.
    expect(cap.acquire('10.0.0.2')).toBeDefined()
    first!()
    expect(cap.count('10.0.0.1')).toBe(1)
    expect(cap.acquire('10.0.0.1')).toBeDefined()
  })

  it('counts a release once however often it runs', () => {
    const cap = new AddressCap(1)
    const release = cap.acquire('::1')!
    release()
    release()
    expect(cap.count('::1')).toBe(0)
    expect(cap.acquire('::1')).toBeDefined()
    expect(cap.acquire('::1')).toBeUndefined()
  })
})
