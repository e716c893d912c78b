import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom, seedOf } from './random.ts'

const draws = (seed: number, count: number) => {
  const random = seededRandom(seed)
  return Array.from({ length: count }, () => random.next())
}

describe('seededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        expect(draws(seed, 50)).toEqual(draws(seed, 50))
        const a = seededRandom(seed)
        const b = seededRandom(seed)
        for (let i = 0; i < 20; i++) expect(a.normal()).toBe(b.normal())
      }),
      { seed: 42, numRuns: 100 },
    )
  })

  it('gives different sequences for different seeds', () => {
    expect(draws(1, 10)).not.toEqual(draws(2, 10))
    expect(draws(0, 10)).not.toEqual(draws(1, 10))
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.integer({ min: 0, max: 0xffff_ffff }),
        (a, b) => {
          fc.pre(a !== b)
          expect(draws(a, 4)).not.toEqual(draws(b, 4))
        },
      ),
      { seed: 42, numRuns: 200 },
    )
  })

  it('uses the seed as an unsigned 32-bit integer', () => {
    expect(draws(-1, 10)).toEqual(draws(0xffff_ffff, 10))
    expect(draws(2 ** 32 + 5, 10)).toEqual(draws(5, 10))
  })

  it('does not repeat itself within 1000 draws', () => {
    const values = draws(seedOf('EURUSD'), 1000)
    expect(new Set(values).size).toBe(values.length)
  })

  it('next() is in [0, 1) and uniform over 100k draws', () => {
    const random = seededRandom(12345)
    const buckets = new Array<number>(10).fill(0)
    let sum = 0
    const n = 100_000
    for (let i = 0; i < n; i++) {
      const x = random.next()
      if (!(x >= 0 && x < 1)) throw new Error(`next() out of range: ${x}`)
      sum += x
      buckets[Math.floor(x * 10)]!++
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.005)
    // Each tenth holds about 10 000 draws (standard deviation ≈ 95).
    for (const count of buckets) expect(Math.abs(count - n / 10)).toBeLessThan(500)
  })

  it('next() is in [0, 1) for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        for (const x of draws(seed, 100)) if (!(x >= 0 && x < 1)) throw new Error(`out of range: ${x}`)
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('normal() has mean ≈ 0 and variance ≈ 1 over 100k draws', () => {
    const random = seededRandom(seedOf('normal'))
    const n = 100_000
    let sum = 0
    let sumSquares = 0
    let beyondTwo = 0
    for (let i = 0; i < n; i++) {
      const z = random.normal()
      if (!Number.isFinite(z)) throw new Error(`normal() not finite: ${z}`)
      sum += z
      sumSquares += z * z
      if (Math.abs(z) > 2) beyondTwo++
    }
    const mean = sum / n
    const variance = sumSquares / n - mean * mean
    expect(Math.abs(mean)).toBeLessThan(0.02)
    expect(Math.abs(variance - 1)).toBeLessThan(0.03)
    // A standard normal lies beyond ±2 about 4.55 % of the time.
    expect(Math.abs(beyondTwo / n - 0.0455)).toBeLessThan(0.005)
  })
})

describe('seedOf', () => {
  it('is stable for a given text', () => {
    expect(seedOf('EURUSD')).toBe(seedOf('EURUSD'))
    expect(seedOf('EURUSD')).toBe(seedOf(['EUR', 'USD'].join('')))
  })

  it('differs between instruments', () => {
    expect(seedOf('EURUSD')).not.toBe(seedOf('USDJPY'))
    expect(seedOf('EURUSD')).not.toBe(seedOf('eurusd'))
  })

  it('is 32-bit FNV-1a (published test vectors)', () => {
    expect(seedOf('')).toBe(0x811c9dc5)
    expect(seedOf('a')).toBe(0xe40c292c)
    expect(seedOf('foobar')).toBe(0xbf9cf968)
  })

  it('is an unsigned 32-bit integer', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const seed = seedOf(text)
        expect(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff).toBe(true)
      }),
      { seed: 42, numRuns: 200 },
    )
  })
})
