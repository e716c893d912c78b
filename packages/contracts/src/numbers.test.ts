import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decimal, integer, INT32_MAX, oneOf, serialId } from './numbers.ts'

/** Text that Number() reads but no client of ours sends: every one must be refused. */
const LOOSE_TEXT = ['0x10', '1.', ' 1 ', '1 ', '1e3', '+1', '١', '', ' ', '0b1', '0o7', 'Infinity', '1_000']

describe('strict numbers', () => {
  it('reads decimal digits and JSON numbers', () => {
    expect(serialId.parse('42')).toBe(42)
    expect(serialId.parse(42)).toBe(42)
    expect(serialId.parse(String(INT32_MAX))).toBe(INT32_MAX)
    expect(integer({ min: -5, max: 5 }).parse('-3')).toBe(-3)
    expect(decimal({ min: 0, max: 10 }).parse('1.25')).toBe(1.25)
    expect(decimal({ min: 0, max: 10 }).parse('7')).toBe(7)
    expect(oneOf([1, 2]).parse('2')).toBe(2)
  })

  it.each(LOOSE_TEXT)('refuses %j', (text) => {
    expect(serialId.safeParse(text).success).toBe(false)
    expect(decimal({ min: 0, max: 1e9 }).safeParse(text).success).toBe(false)
    expect(oneOf([1, 16, 1000]).safeParse(text).success).toBe(false)
  })

  it('refuses fractions for whole numbers, and minus signs where negatives make no sense', () => {
    expect(serialId.safeParse('1.5').success).toBe(false)
    expect(serialId.safeParse(1.5).success).toBe(false)
    expect(serialId.safeParse('-1').success).toBe(false)
    expect(decimal({ min: 0, max: 10 }).safeParse('-1').success).toBe(false)
    expect(decimal({ min: 0, max: 10 }).safeParse('.5').success).toBe(false)
    expect(oneOf([1, 2]).safeParse('1.0').success).toBe(false)
  })

  it('refuses numbers out of range: beyond int32 for ids, beyond safe integers anywhere', () => {
    expect(serialId.safeParse(String(INT32_MAX + 1)).success).toBe(false)
    expect(serialId.safeParse('0').success).toBe(false)
    const wide = integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    expect(wide.safeParse(String(Number.MAX_SAFE_INTEGER)).success).toBe(true)
    expect(wide.safeParse('9007199254740993').success).toBe(false)
    expect(wide.safeParse(2 ** 60).success).toBe(false)
    expect(wide.safeParse('9'.repeat(400)).success).toBe(false)
    expect(decimal({ min: 0, max: 1e12 }).safeParse('1' + '0'.repeat(13)).success).toBe(false)
  })

  it('refuses what is not a number at all', () => {
    for (const value of [null, true, [], {}, [1], 'abc', NaN, Infinity]) {
      expect(serialId.safeParse(value).success).toBe(false)
    }
  })
})

describe('request schemas', () => {
  it('read every number through these helpers, never z.coerce', () => {
    const dir = new URL('.', import.meta.url)
    const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    const loose = sources.filter(
      (name) => name !== 'numbers.ts' && /z\s*\.\s*coerce/.test(readFileSync(new URL(name, dir), 'utf8')),
    )
    expect(loose).toEqual([])
  })
})
