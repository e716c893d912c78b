import { describe, expect, it } from 'vitest'
import { applyHashRoute, hashRoutePath } from './hash-route.ts'

describe('hash route compatibility', () => {
  it('turns an old invite link into a path', () => {
    expect(hashRoutePath('#/register?invite_code=AB12')).toBe('/register?invite_code=AB12')
  })

  it('ignores hashes that are not routes or point off-site', () => {
    expect(hashRoutePath('')).toBeNull()
    expect(hashRoutePath('#section')).toBeNull()
    expect(hashRoutePath('#//evil.example')).toBeNull()
  })

  it('rewrites the address bar before the router starts', () => {
    window.history.replaceState(null, '', '/#/register?invite_code=AB12')
    applyHashRoute()
    expect(window.location.pathname).toBe('/register')
    expect(window.location.search).toBe('?invite_code=AB12')
    expect(window.location.hash).toBe('')
  })
})
