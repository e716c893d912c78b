/** The chart's colours, all read from the app's CSS variables (styles.css; the dark theme sets others). */
export interface ChartTheme {
  background: string
  text: string
  textMuted: string
  grid: string
  rise: string
  fall: string
  brand: string
  /** Indicator lines: optional `--chart-*` tokens, else the nearest existing colour. */
  fast: string
  slow: string
  band: string
  oscillator: string
  fontFamily: string
}

/**
 * Reads the theme from the document's root. `--chart-*` tokens are not defined yet; until they are,
 * each falls back to an existing variable, so no colour is written here.
 */
export function readChartTheme(root: HTMLElement = document.documentElement): ChartTheme {
  const style = getComputedStyle(root)
  const read = (...names: string[]) => {
    for (const name of names) {
      const value = style.getPropertyValue(name).trim()
      if (value) return value
    }
    return ''
  }
  return {
    background: read('--surface'),
    text: read('--text-secondary', '--text'),
    textMuted: read('--text-muted', '--text-secondary'),
    grid: read('--border'),
    rise: read('--rise'),
    fall: read('--fall'),
    brand: read('--brand-blue'),
    fast: read('--chart-fast', '--brand-blue'),
    slow: read('--chart-slow', '--adm-color-warning', '--brand-navy'),
    band: read('--chart-band', '--text-muted'),
    oscillator: read('--chart-oscillator', '--brand-blue'),
    fontFamily: style.fontFamily,
  }
}

/**
 * A colour with some transparency, for volume bars under the candles: hex (#rgb, #rrggbb) and
 * rgb()/rgba() are understood; anything else is returned unchanged.
 */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(color.trim())
  if (hex) {
    const digits =
      (hex[1] as string).length === 3
        ? [...(hex[1] as string)].map((d) => d + d).join('')
        : (hex[1] as string)
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16))
    return `rgba(${r}, ${g}, ${b}, ${alpha})`
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim())
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`
  return color
}
