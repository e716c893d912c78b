import { describe, expect, it } from 'vitest'
import { ProviderBook, type ProviderTerms } from './provider-book.ts'

const terms = (name: string, priority: number): ProviderTerms => ({
  name,
  priority,
  quietMs: 500,
  staleMs: 5000,
})

function book(choice: 'priority' | 'best') {
  const b = new ProviderBook([terms('second', 2), terms('first', 1)], choice)
  b.connected('first', 0)
  b.connected('second', 0)
  return b
}

describe('ProviderBook', () => {
  it('takes the first-ranked live provider under priority, whatever the others quote', () => {
    const b = book('priority')
    b.quote('second', 'EURUSD', 1.1001, 1.1002, 10)
    expect(b.price('EURUSD', 10)?.provider).toBe('second')
    b.quote('first', 'EURUSD', 1.1, 1.1003, 20)
    expect(b.price('EURUSD', 20)).toMatchObject({ bid: 1.1, ask: 1.1003, provider: 'first' })
  })

  it('drops a quiet provider from every price and takes it back when it speaks again', () => {
    const b = book('priority')
    b.quote('first', 'EURUSD', 1.1, 1.1002, 0)
    b.quote('second', 'EURUSD', 1.2, 1.2002, 0)
    for (let t = 100; t <= 600; t += 100) b.quote('second', 'EURUSD', 1.2, 1.2002, t)
    expect(b.price('EURUSD', 500)?.provider).toBe('first')
    expect(b.isLive('first', 501)).toBe(false)
    expect(b.price('EURUSD', 501)?.provider).toBe('second')
    b.quote('first', 'EURUSD', 1.1, 1.1002, 700)
    expect(b.price('EURUSD', 700)?.provider).toBe('first')
  })

  it('counts a message that moved no price as a sign of life, but not a quote older than its instrument allows', () => {
    const b = book('priority')
    b.quote('first', 'EURUSD', 1.1, 1.1002, 0)
    b.quote('second', 'EURUSD', 1.2, 1.2002, 4000)
    for (let t = 400; t <= 5200; t += 400) {
      b.heard('first', t)
      b.heard('second', t)
    }
    expect(b.price('EURUSD', 5000)?.provider).toBe('first')
    expect(b.price('EURUSD', 5001)?.provider).toBe('second')
  })

  it('has no price when no provider is live, and none from a provider before it logs on again', () => {
    const b = book('priority')
    b.quote('first', 'EURUSD', 1.1, 1.1002, 0)
    b.disconnected('first')
    expect(b.price('EURUSD', 1)).toBeUndefined()
    b.quote('first', 'EURUSD', 1.1, 1.1002, 2)
    expect(b.price('EURUSD', 2)).toBeUndefined()
    b.connected('first', 3)
    expect(b.price('EURUSD', 3)).toBeUndefined()
    b.quote('first', 'EURUSD', 1.1, 1.1002, 4)
    expect(b.price('EURUSD', 4)?.provider).toBe('first')
  })

  it('takes the best side of each under best, and the first one whole when two would cross', () => {
    const b = book('best')
    b.quote('first', 'EURUSD', 1.1, 1.1004, 0)
    b.quote('second', 'EURUSD', 1.1001, 1.1005, 0)
    expect(b.price('EURUSD', 0)).toMatchObject({
      bid: 1.1001,
      ask: 1.1004,
      bidProvider: 'second',
      askProvider: 'first',
    })
    b.quote('second', 'EURUSD', 1.1006, 1.1008, 1)
    expect(b.price('EURUSD', 1)).toMatchObject({ bid: 1.1, ask: 1.1004, provider: 'first' })
  })

  it('forgets a withdrawn instrument of one provider only', () => {
    const b = book('priority')
    b.quote('first', 'EURUSD', 1.1, 1.1002, 0)
    b.quote('second', 'EURUSD', 1.2, 1.2002, 0)
    b.withdraw('first', 'EURUSD')
    expect(b.price('EURUSD', 0)?.provider).toBe('second')
  })

  it('refuses two providers of one name', () => {
    expect(() => new ProviderBook([terms('a', 1), terms('a', 2)], 'best')).toThrow(/twice/)
  })
})
