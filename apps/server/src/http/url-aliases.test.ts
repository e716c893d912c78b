import { describe, expect, it } from 'vitest'
import { rewriteAlias } from './url-aliases.ts'

describe('rewriteAlias', () => {
  it('names the target route for an alias, keeping the query string', () => {
    expect(rewriteAlias('/api/user/login')).toBe('/api/user/loginForU')
    expect(rewriteAlias('/api/user/login/')).toBe('/api/user/loginForU')
    expect(rewriteAlias('/api/user/login?lang=en')).toBe('/api/user/loginForU?lang=en')
  })

  it('leaves every other URL as it is', () => {
    for (const url of ['/api/user/loginForU', '/api/user/login2', '/v1/api/forex/deal?forex_id=1', '/'])
      expect(rewriteAlias(url)).toBe(url)
    expect(rewriteAlias(undefined)).toBe('/')
  })
})
