/**
 * WCAG 2 contrast between CSS colours (#rgb, #rrggbb, rgb()/rgba() with commas or spaces), a
 * translucent colour first laid over the colour under it. Used by the tests that hold the theme's
 * tokens to AA; no runtime code needs it.
 */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    }
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value)?.[1]
  if (fn) {
    const parts = fn.split(/[\s,/]+/).filter(Boolean)
    const [r, g, b] = parts.slice(0, 3).map(Number)
    const alphaText = parts[3]
    const a =
      alphaText === undefined ? 1 : alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : Number(alphaText)
    if ([r, g, b, a].every((n) => Number.isFinite(n))) return { r: r!, g: g!, b: b!, a }
  }
  if (value === 'white') return { r: 255, g: 255, b: 255, a: 1 }
  if (value === 'black') return { r: 0, g: 0, b: 0, a: 1 }
  throw new Error(`not a colour: ${text}`)
}

/** `top` painted over the opaque `under`. */
export function over(top: Rgba, under: Rgba): Rgba {
  const mix = (t: number, u: number) => t * top.a + u * (1 - top.a)
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 }
}

export function relativeLuminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio (1 to 21) of text `fg` on `bg`; a translucent `fg` is laid over `bg` first. */
export function contrastRatio(fg: Rgba, bg: Rgba): number {
  const solidFg = fg.a < 1 ? over(fg, bg) : fg
  const a = relativeLuminance(solidFg)
  const b = relativeLuminance(bg)
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}
