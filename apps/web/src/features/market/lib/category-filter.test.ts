import type { Category, Instrument } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import {
  FAVOURITES,
  filterByCategory,
  parseCategory,
  sortCategories,
  toggleCategory,
} from './category-filter.ts'

describe('category chips', () => {
  it('selects a tapped chip and clears it when tapped again', () => {
    expect(toggleCategory(null, 2)).toBe(2)
    expect(toggleCategory(2, 3)).toBe(3)
    expect(toggleCategory(3, 3)).toBeNull()
  })

  it('"All" always clears', () => {
    expect(toggleCategory(2, null)).toBeNull()
    expect(toggleCategory(null, null)).toBeNull()
  })

  it('filters instruments by category, all of them for "All"', () => {
    const list = [
      { Id: 1, CategoryId: 1 },
      { Id: 2, CategoryId: 2 },
      { Id: 3, CategoryId: 1 },
    ] as Instrument[]
    expect(filterByCategory(list, 1).map((item) => item.Id)).toEqual([1, 3])
    expect(filterByCategory(list, null)).toHaveLength(3)
    expect(filterByCategory(list, 9)).toEqual([])
  })

  it('lists the starred instruments for the favourites chip, in the order starred', () => {
    const list = [
      { Id: 1, Code: 'EURUSD' },
      { Id: 2, Code: 'BTCUSD' },
    ] as Instrument[]
    expect(filterByCategory(list, FAVOURITES, ['BTCUSD', 'GONE', 'EURUSD']).map((i) => i.Id)).toEqual([2, 1])
    expect(filterByCategory(list, FAVOURITES)).toEqual([])
    expect(toggleCategory(FAVOURITES, FAVOURITES)).toBeNull()
  })

  it('orders chips by Sort, then Id', () => {
    const categories = [
      { Id: 3, Sort: 2 },
      { Id: 2, Sort: 1 },
      { Id: 1, Sort: 2 },
    ] as Category[]
    expect(sortCategories(categories).map((item) => item.Id)).toEqual([2, 1, 3])
  })

  it('reads the query parameter', () => {
    expect(parseCategory('4')).toBe(4)
    expect(parseCategory('favourites')).toBe(FAVOURITES)
    expect(parseCategory(null)).toBeNull()
    expect(parseCategory('')).toBeNull()
    expect(parseCategory('0')).toBeNull()
    expect(parseCategory('x')).toBeNull()
    expect(parseCategory('1.5')).toBeNull()
  })
})
