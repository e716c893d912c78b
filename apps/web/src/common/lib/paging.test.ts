import { describe, expect, it } from 'vitest'
import { nextPageAfter } from './paging.ts'

const page = (rows: number, total: number) => ({ data: Array.from({ length: rows }), total })
const next = (pages: ReturnType<typeof page>[]) => nextPageAfter(pages, (p) => p.data)

describe('nextPageAfter', () => {
  it('starts at page 1', () => {
    expect(next([])).toBe(1)
  })
  it('asks for the next page while fewer rows than the total are loaded', () => {
    expect(next([page(15, 31)])).toBe(2)
    expect(next([page(15, 31), page(15, 31)])).toBe(3)
  })
  it('ends when the rows loaded reach the total', () => {
    expect(next([page(15, 30), page(15, 30)])).toBeUndefined()
    expect(next([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined()
    expect(next([page(0, 0)])).toBeUndefined()
  })
  it('ends on an empty page even if the total says more (rows deleted while paging)', () => {
    expect(next([page(15, 40), page(0, 40)])).toBeUndefined()
  })
  it('counts the rows where the list keeps them', () => {
    const ledger = [{ list: [1, 2], total: 3 }]
    expect(nextPageAfter(ledger, (p) => p.list)).toBe(2)
  })
})
