import { describe, expect, it } from 'vitest'
import { nextNewsPage } from './paging.ts'

const page = (rows: number, total: number) => ({ data: Array.from({ length: rows }), total })

describe('nextNewsPage', () => {
  it('asks for page 1 first, then the next page until the loaded count reaches total', () => {
    expect(nextNewsPage([])).toBe(1)
    expect(nextNewsPage([page(10, 25)])).toBe(2)
    expect(nextNewsPage([page(10, 25), page(10, 25)])).toBe(3)
    expect(nextNewsPage([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined()
    expect(nextNewsPage([page(4, 4)])).toBeUndefined()
    expect(nextNewsPage([page(0, 0)])).toBeUndefined()
  })

  it('stops at an empty page even if total says more (articles deleted while paging)', () => {
    expect(nextNewsPage([page(10, 30), page(0, 30)])).toBeUndefined()
  })
})
