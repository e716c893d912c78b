import { describe, expect, it } from 'vitest'
import { chatAddress, chatMode } from './chat-link.ts'

const client = { uid: 'U12345', email: 'a+b@example.com', lang: 'ar' }

describe('chatAddress', () => {
  it('resolves a relative link against the site and adds the client query', () => {
    const address = chatAddress('/chat.html', 'https://app.example.com', client)
    expect(address).toBe(
      'https://app.example.com/chat.html?client_id=U12345&name=a%2Bb%40example.com&email=a%2Bb%40example.com&lang=ar',
    )
  })

  it('keeps a query the link already has', () => {
    const address = new URL(chatAddress('https://chat.example.net/w?site=7', 'https://x.test', client) ?? '')
    expect(address.origin).toBe('https://chat.example.net')
    expect(address.searchParams.get('site')).toBe('7')
    expect(address.searchParams.get('client_id')).toBe('U12345')
  })

  it('names a demo account Demo', () => {
    const url = new URL(
      chatAddress('/chat.html', 'https://x.test', { uid: 'D1', email: null, lang: 'hk' }) ?? '',
    )
    expect(url.searchParams.get('name')).toBe('Demo')
    expect(url.searchParams.get('email')).toBe('')
  })

  it('refuses empty and non-web links', () => {
    expect(chatAddress('', 'https://x.test', client)).toBeUndefined()
    expect(chatAddress('  ', 'https://x.test', client)).toBeUndefined()
    expect(chatAddress('javascript:alert(1)', 'https://x.test', client)).toBeUndefined()
    expect(chatAddress('data:text/html,hi', 'https://x.test', client)).toBeUndefined()
  })
})

describe('chatMode', () => {
  it('follows service_link_type', () => {
    expect(chatMode(1)).toBe('frame')
    expect(chatMode(2)).toBe('copy')
    expect(chatMode(3)).toBe('external')
    expect(chatMode(undefined)).toBe('frame')
  })
})
