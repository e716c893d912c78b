import { describe, expect, it } from 'vitest'
import { closedSiteTarget } from './site-status.ts'

describe('closedSiteTarget', () => {
  it('sends visitors of a closed site to its http(s) loss URL', () => {
    expect(closedSiteTarget(0, 'https://example.com/closed')).toBe('https://example.com/closed')
    expect(closedSiteTarget(0, 'http://example.com')).toBe('http://example.com/')
  })

  it('stays when the site is open or the URL is empty or not http(s)', () => {
    expect(closedSiteTarget(1, 'https://example.com')).toBeNull()
    expect(closedSiteTarget(0, '')).toBeNull()
    expect(closedSiteTarget(0, 'javascript:alert(1)')).toBeNull()
    expect(closedSiteTarget(0, '/relative')).toBeNull()
  })
})
