import { describe, expect, it } from 'vitest'
import { inviteLinks } from './invite-links.ts'

describe('inviteLinks', () => {
  it('gives the hash link and the plain one', () => {
    expect(inviteLinks('https://m.example.com', 'AB23CD45')).toEqual({
      hash: 'https://m.example.com/#/register?invite_code=AB23CD45',
      plain: 'https://m.example.com/register?invite_code=AB23CD45',
    })
  })

  it('keeps a code that is not plain letters inside its parameter', () => {
    expect(inviteLinks('http://x', 'a&b=c').plain).toBe('http://x/register?invite_code=a%26b%3Dc')
  })
})
