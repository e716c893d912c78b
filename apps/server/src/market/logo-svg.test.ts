import { describe, expect, it } from 'vitest'
import { instrumentLogoSvg, logoLines, MAX_LOGO_CHARS } from './logo-svg.ts'

/** Half the width of the badge's disc (r 31 of 64) at a distance `dy` from its centre. */
const halfChord = (dy: number) => Math.sqrt(31 ** 2 - dy ** 2)
/** Arial Bold's widest capital (W) is 0.944 em; M 0.833; the mean of a code is below 0.72. */
const widthOf = (text: string, size: number) => text.length * 0.72 * size

describe('logo badges', () => {
  const codes = ['X', 'BT', 'ETH', 'NGAS', 'US500', 'UKOIL', 'NAS100', 'ABCDEFG', 'ABCDEFGH', 'ABCD123456']

  it.each(codes)('draws the whole of %s inside the disc, large enough to read', (code) => {
    const lines = logoLines(code)
    expect(lines.map((l) => l.text).join('')).toBe(code)
    for (const line of lines) {
      // Every line fits the disc's width at its top and bottom edge (cap height ~0.72 em).
      const edge = Math.abs(line.y - 32) + 0.36 * line.size
      expect(widthOf(line.text, line.size) / 2, `${code} ${line.text}`).toBeLessThanOrEqual(
        halfChord(edge) - 2,
      )
      // 12 of 64 units is 4.5 px at 24 px and 7.5 px at 40 px: the smallest a code may get.
      expect(line.size, code).toBeGreaterThanOrEqual(12)
    }
  })

  it('covers every length from 1 to 10', () => {
    expect(codes.map((c) => c.length)).toEqual([1, 2, 3, 4, 5, 5, 6, 7, 8, 10])
    expect(
      logoLines('ABCDEFGHI')
        .map((l) => l.text)
        .join(''),
    ).toBe('ABCDEFGHI')
    expect(
      logoLines('ABCDEFGHIJKLMN')
        .map((l) => l.text)
        .join(''),
    ).toHaveLength(MAX_LOGO_CHARS)
  })

  it('shows US500 whole, letters over digits, and a pair base over quote', () => {
    expect(logoLines('US500').map((l) => l.text)).toEqual(['US', '500'])
    expect(logoLines('GER40').map((l) => l.text)).toEqual(['GER', '40'])
    const pair = logoLines('EURUSD', 'EUR/USD')
    expect(pair.map((l) => l.text)).toEqual(['EUR', 'USD'])
    expect(pair[0]!.size).toBeGreaterThanOrEqual(pair[1]!.size)
    expect(logoLines('XAUUSD', 'XAU/USD').map((l) => l.text)).toEqual(['XAU', 'USD'])
  })

  it('writes only letters and digits into the SVG', () => {
    const svg = instrumentLogoSvg('US500', 'US500')
    expect(svg).toContain('>US</text>')
    expect(svg).toContain('>500</text>')
    expect(instrumentLogoSvg('<x>"&', '<x>"&')).not.toMatch(/<x>|"&/)
  })
})
