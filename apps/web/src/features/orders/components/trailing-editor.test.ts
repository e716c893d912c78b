import { describe, expect, it } from 'vitest'
import { parseTrailingPoints } from './trailing-editor.tsx'

describe('trailing stop points as typed', () => {
  it('are whole numbers from 0 to 10 000 000; empty is none', () => {
    expect(parseTrailingPoints('')).toBe(0)
    expect(parseTrailingPoints(' 150 ')).toBe(150)
    expect(parseTrailingPoints('10000000')).toBe(10_000_000)
    for (const bad of ['10000001', '1.5', '-3', 'abc', '1e3']) expect(parseTrailingPoints(bad)).toBeNull()
  })
})
