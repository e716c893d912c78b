import { describe, expect, it } from 'vitest'
import { nextPageAfter } from './paging.ts'

describe('nextPageAfter', () => {
  it('starts at page 1', () => {
    expect(nextPageAfter([])).toBe(1)
  })
  it('asks for the next page while fewer rows than the total are loaded', () => {
    expect(nextPageAfter([{ rows: 15, total: 31 }])).toBe(2)
    expect(
      nextPageAfter([
        { rows: 15, total: 31 },
        { rows: 15, total: 31 },
      ]),
    ).toBe(3)
  })
  it('ends when the rows loaded reach the total', () => {
    expect(
      nextPageAfter([
        { rows: 15, total: 30 },
        { rows: 15, total: 30 },
      ]),
    ).toBeUndefined()
    expect(nextPageAfter([{ rows: 0, total: 0 }])).toBeUndefined()
  })
  it('ends on an empty page even if the total says more', () => {
    expect(
      nextPageAfter([
        { rows: 15, total: 40 },
        { rows: 0, total: 40 },
      ]),
    ).toBeUndefined()
  })
})
