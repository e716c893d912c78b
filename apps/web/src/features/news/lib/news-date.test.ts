import { describe, expect, it } from 'vitest'
import { newsDate } from './news-date.ts'

describe('newsDate', () => {
  it('formats a wire time in the reader language with Western digits', () => {
    expect(newsDate('2026-03-05 10:20:30', 'en')).toMatch(/2026/)
    expect(newsDate('2026-03-05 10:20:30', 'ar')).toMatch(/2026/)
    expect(newsDate('2026-03-05 10:20:30', 'hk')).toMatch(/2026/)
  })

  it('shows text it cannot read as it is', () => {
    expect(newsDate('', 'en')).toBe('')
    expect(newsDate('yesterday', 'en')).toBe('yesterday')
  })
})
