import { afterEach, describe, expect, it } from 'vitest'
import { getDemoId } from './demo-id.ts'

describe('demo id', () => {
  afterEach(() => window.localStorage.clear())

  it('is made once per device and reused', () => {
    const first = getDemoId()
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(getDemoId()).toBe(first)
    expect(window.localStorage.getItem('demo_id')).toBe(first)
  })

  it('replaces a stored value the server would refuse', () => {
    window.localStorage.setItem('demo_id', 'bad id!')
    expect(getDemoId()).toMatch(/^[0-9a-f]{32}$/)
  })
})
