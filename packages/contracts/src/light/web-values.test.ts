import { describe, expect, it } from 'vitest'
import { isPlainEmail, webAddress } from './web-values.ts'

/** The back office's settings form had a pattern of its own until it imported isPlainEmail. */
const formerSettingsForm = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/

describe('isPlainEmail (the server and both back office forms)', () => {
  it.each(['help@example.com', 'first.last+tag@mail.example.org'])('takes %s', (value) => {
    expect(isPlainEmail(value)).toBe(true)
  })

  it.each([
    'help@',
    '@example.com',
    'a b@example.com',
    '<help@example.com>',
    'a@b@example.com',
    'help@example',
  ])('refuses %s', (value) => {
    expect(isPlainEmail(value)).toBe(false)
  })

  // Where the settings form used to disagree with the server: it refused what the server stores
  // (parentheses, a one-letter or numeric top-level domain) and took an apostrophe the server refuses.
  it.each([
    ['a(b)@example.com', true],
    ['help@example.c', true],
    ['help@example.123', true],
    ["o'brien@example.com", false],
  ] as const)('decides %s as the server does (%s), not as the old form did', (value, server) => {
    expect(isPlainEmail(value)).toBe(server)
    expect(formerSettingsForm.test(value)).toBe(!server)
  })
})

describe('webAddress', () => {
  it('keeps http(s) addresses as the URL parser writes them', () => {
    expect(webAddress('https://Example.com')).toBe('https://example.com/')
    expect(webAddress('http://example.com/a?b=1')).toBe('http://example.com/a?b=1')
  })

  it.each(['javascript:alert(1)', 'data:text/html,x', 'example.com', '', 'https://'])(
    'refuses %s',
    (value) => {
      expect(webAddress(value)).toBeUndefined()
    },
  )
})
