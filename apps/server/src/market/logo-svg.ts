/** Colours by the code: stable, distinct enough, each at least 4.5:1 behind white text. */
const PALETTE = ['#1f6feb', '#9a6700', '#1a7f37', '#cf222e', '#8250df', '#0e7490', '#bf3989', '#bc4c00']

const colourOf = (text: string) => {
  let sum = 0
  for (const char of text) sum = (sum * 31 + char.charCodeAt(0)) >>> 0
  return PALETTE[sum % PALETTE.length] as string
}

const escape = (text: string) => text.replace(/[^A-Za-z0-9]/g, '')

/** The badge is a 64-unit disc; text stays inside this width on any line (the disc's chord there). */
const VIEW = 64
const MAX_WIDTH = 48
/** Arial Bold's widest usual capitals are ~0.72 em (digits 0.56): a safe mean for any code. */
const EM_PER_CHAR = 0.72
/** The longest code drawn: longer ones are cut (no catalogue code is that long). */
export const MAX_LOGO_CHARS = 10

export interface LogoLine {
  text: string
  /** Font size in badge units (of 64). */
  size: number
  /** Baseline-centre y in badge units. */
  y: number
}

const fit = (text: string, cap: number) => Math.min(cap, Math.floor(MAX_WIDTH / (EM_PER_CHAR * text.length)))

/**
 * Where a code breaks into two lines: a pair at its slash (EUR over USD), else where letters turn to
 * digits (US over 500, NAS over 100), else in the middle.
 */
function twoLines(code: string, showCode: string): [string, string] {
  const [base, quote] = showCode.split('/')
  if (quote !== undefined && base) return [escape(base), escape(quote)]
  const turn = /^([A-Z]+)(\d+)$/i.exec(code)
  if (turn && (turn[1] as string).length <= 5 && (turn[2] as string).length <= 5)
    return [turn[1] as string, turn[2] as string]
  const half = Math.ceil(code.length / 2)
  return [code.slice(0, half), code.slice(half)]
}

/**
 * The lines of text the badge shows for a code: the whole code, never cut (US500 reads "US" over
 * "500", not "US50"). Up to 4 characters (5 letters: UKOIL) on one line; pairs, letters-then-digits
 * and longer codes on two, so each line stays large enough to read at 24-40 px.
 */
export function logoLines(code: string, showCode = code): LogoLine[] {
  const text = escape(code).slice(0, MAX_LOGO_CHARS).toUpperCase() || '?'
  const pair = showCode.includes('/')
  const oneLine = text.length <= 4 || (text.length === 5 && !/^[A-Z]+\d+$/.test(text))
  if (!pair && oneLine) return [{ text, size: fit(text, 26), y: VIEW / 2 }]
  const [top, bottom] = twoLines(text, pair ? showCode.toUpperCase() : text)
  // Two lines share one size (the longer line decides) so the badge looks even; a pair's quote is smaller.
  const size = fit(top.length >= bottom.length ? top : bottom, 20)
  const lower = pair ? Math.min(size, fit(bottom, 15)) : size
  const gap = (size + lower) * 0.52
  return [
    { text: top, size, y: VIEW / 2 - gap / 2 },
    { text: bottom, size: lower, y: VIEW / 2 + gap / 2 },
  ]
}

/** The logo the platform draws for an instrument without an uploaded image: a disc with its code. */
export function instrumentLogoSvg(code: string, showCode: string): string {
  const lines = logoLines(code, showCode)
  const text = lines
    .map(
      (line, i) =>
        `<text x="32" y="${line.y.toFixed(1)}" font-size="${line.size}"${i > 0 && showCode.includes('/') ? ' fill-opacity="0.85"' : ''}>${line.text}</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="31" fill="${colourOf(escape(code))}"/>` +
    `<g fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" text-anchor="middle" ` +
    `dominant-baseline="central">${text}</g></svg>`
  )
}
