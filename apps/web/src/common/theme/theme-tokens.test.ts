import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { contrastRatio, over, parseColor, type Rgba } from './contrast.ts'
import { resolveToken, themeTokens, type TokenTable } from './theme-tokens.ts'

// Read from disk: Vitest hands CSS imports to the page, not to the test, even with ?raw.
const css = readFileSync(join(import.meta.dirname, '../../app/styles.css'), 'utf8')
const themes = themeTokens(css)

/** A background named as tokens from the top layer down: `--rise-soft on --surface`. */
function layered(table: TokenTable, layers: string[]): Rgba {
  const colours = layers.map((name) => parseColor(resolveToken(table, name)))
  let result = colours.at(-1)!
  if (result.a < 1) throw new Error(`${layers.at(-1)} must be opaque to lie at the bottom`)
  for (const colour of colours.slice(0, -1).reverse()) result = over(colour, result)
  return result
}

/** Text (4.5:1, WCAG AA) and non-text marks (3:1: focus rings, borders that carry meaning). */
const TEXT = 4.5
const MARK = 3
const PAIRS: [fg: string, bg: string[], ratio: number][] = [
  ['--text', ['--surface'], TEXT],
  ['--text', ['--background'], TEXT],
  ['--text-secondary', ['--surface'], TEXT],
  ['--text-secondary', ['--background'], TEXT],
  ['--text-muted', ['--surface'], TEXT],
  ['--text-muted', ['--background'], TEXT],
  ['--brand-blue', ['--surface'], TEXT],
  ['--brand-blue', ['--background'], TEXT],
  ['--brand-blue', ['--brand-soft', '--surface'], TEXT],
  ['--brand-ink', ['--surface'], TEXT],
  // Red and green prices, on the page, on cards and on their own tinted chips.
  ['--rise', ['--surface'], TEXT],
  ['--rise', ['--background'], TEXT],
  ['--fall', ['--surface'], TEXT],
  ['--fall', ['--background'], TEXT],
  ['--rise', ['--rise-soft', '--surface'], TEXT],
  ['--fall', ['--fall-soft', '--surface'], TEXT],
  ['--text', ['--fall-soft', '--surface'], TEXT],
  // Words on filled buttons and selected chips.
  ['--on-accent', ['--brand-blue'], TEXT],
  ['--on-accent', ['--rise'], TEXT],
  ['--on-accent', ['--fall'], TEXT],
  ['--warning-text', ['--surface'], TEXT],
  ['--warning-text', ['--warning-soft', '--surface'], TEXT],
  ['--text', ['--warning-soft', '--surface'], TEXT],
  // Hero cards: white and its muted and coloured variants on the navy and the blue end.
  ['--on-hero', ['--brand-navy'], TEXT],
  ['--on-hero', ['--hero-accent'], TEXT],
  ['--on-hero-muted', ['--brand-navy-2'], TEXT],
  ['--on-hero-muted', ['--hero-accent'], TEXT],
  ['--rise-on-hero', ['--brand-navy-2'], TEXT],
  ['--fall-on-hero', ['--brand-navy-2'], TEXT],
  ['--on-medal', ['--medal-gold'], TEXT],
  ['--on-medal', ['--medal-silver'], TEXT],
  ['--on-medal', ['--medal-bronze'], TEXT],
  ['--focus-ring', ['--surface'], MARK],
  ['--focus-ring', ['--background'], MARK],
]

describe.each([
  ['light', themes.light],
  ['dark', themes.dark],
])('%s theme colours', (_name, table) => {
  it.each(PAIRS.map(([fg, bg, ratio]) => [fg, bg.join(' on '), ratio, bg] as const))(
    '%s on %s keeps %s:1',
    (fg, _label, ratio, bg) => {
      const measured = contrastRatio(parseColor(resolveToken(table, fg)), layered(table, bg))
      expect(measured).toBeGreaterThanOrEqual(ratio)
    },
  )
})

describe('the dark theme', () => {
  it('overrides every colour antd-mobile changes in its own dark mode', () => {
    for (const name of [
      '--adm-color-primary',
      '--adm-color-success',
      '--adm-color-danger',
      '--adm-color-warning',
      '--adm-color-text',
      '--adm-color-text-secondary',
      '--adm-color-weak',
      '--adm-color-light',
      '--adm-color-border',
      '--adm-color-box',
      '--adm-color-background',
    ])
      expect(css.slice(css.indexOf(":root[data-theme='dark']"))).toContain(`${name}:`)
  })

  it('has a darker page than the light one', () => {
    const luminance = (table: TokenTable) =>
      contrastRatio(parseColor(resolveToken(table, '--background')), parseColor('#000'))
    expect(luminance(themes.dark)).toBeLessThan(luminance(themes.light))
  })
})
