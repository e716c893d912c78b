import { describe, expect, it } from 'vitest'
import { logoLines } from './logo-lines.ts'

const halfChord = (dy: number) => Math.sqrt(31 ** 2 - dy ** 2)

describe('the code badge drawn when a logo is missing', () => {
  const codes = [
    'X',
    'BT',
    'ETH',
    'NGAS',
    'US500',
    'UKOIL',
    'NAS100',
    'ABCDEFG',
    'ABCDEFGH',
    'ABCDEFGHI',
    'ABCD123456',
  ]

  it.each(codes)('shows the whole of %s inside the disc', (code) => {
    const lines = logoLines(code)
    expect(lines.map((l) => l.text).join('')).toBe(code)
    for (const line of lines) {
      const edge = Math.abs(line.y - 32) + 0.36 * line.size
      expect((line.text.length * 0.72 * line.size) / 2).toBeLessThanOrEqual(halfChord(edge) - 2)
      expect(line.size).toBeGreaterThanOrEqual(12)
    }
  })

  it('breaks US500 and pairs as the server does', () => {
    expect(logoLines('US500').map((l) => l.text)).toEqual(['US', '500'])
    expect(logoLines('EUR/USD').map((l) => l.text)).toEqual(['EUR', 'USD'])
    expect(logoLines('NGAS').map((l) => l.text)).toEqual(['NGAS'])
  })
})
