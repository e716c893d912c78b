import { describe, expect, it } from 'vitest'
import { loginPath, safeFrom } from './navigation.ts'

describe('safeFrom (open-redirect guard)', () => {
  it.each([
    ['/order', '/order'],
    ['/order?type=1', '/order?type=1'],
    ['/mine/password', '/mine/password'],
    ['/news/detail?id=5#top', '/news/detail?id=5#top'],
  ])('keeps the site path %s', (raw, expected) => {
    expect(safeFrom(raw)).toBe(expected)
  })

  it.each([
    [null],
    [''],
    ['order'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/%0a'.replace('%0a', '\n')],
    ['/login'],
    ['/login?from=%2Forder'],
  ])('falls back to / for %j', (raw) => {
    expect(safeFrom(raw)).toBe('/')
  })

  it('uses the given fallback', () => {
    expect(safeFrom('//x', '/user')).toBe('/user')
  })
})

describe('loginPath', () => {
  it('carries the wanted path and query, encoded', () => {
    expect(loginPath('/order')).toBe('/login?from=%2Forder')
    expect(loginPath('/order?type=1')).toBe('/login?from=%2Forder%3Ftype%3D1')
  })

  it('has no from for the home page or the login page itself', () => {
    expect(loginPath('/')).toBe('/login')
    expect(loginPath('/login?from=%2Fuser')).toBe('/login')
    expect(loginPath()).toBe('/login')
  })
})
