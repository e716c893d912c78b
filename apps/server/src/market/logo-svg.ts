/** Colours by the first letter of a code: stable, distinct enough, readable with white text. */
const PALETTE = ['#1f6feb', '#d4a017', '#2da44e', '#cf222e', '#8250df', '#0e7490', '#bf3989', '#e16f24']

const colourOf = (text: string) => {
  let sum = 0
  for (const char of text) sum = (sum * 31 + char.charCodeAt(0)) >>> 0
  return PALETTE[sum % PALETTE.length] as string
}

const escape = (text: string) => text.replace(/[^A-Za-z0-9]/g, '')

/**
 * The logo the platform draws for an instrument without an uploaded image: a disc with the base
 * symbol, and for a pair (two 3-letter codes) a second disc with the quote symbol behind it.
 */
export function instrumentLogoSvg(code: string, showCode: string): string {
  const [base, quote] = showCode.includes('/') ? showCode.split('/') : [code, undefined]
  const front = escape(base ?? code).slice(0, 4)
  const disc = (cx: number, cy: number, r: number, label: string, size: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colourOf(label)}" stroke="#fff" stroke-width="2"/>` +
    `<text x="${cx}" y="${cy}" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700" ` +
    `font-size="${size}" text-anchor="middle" dominant-baseline="central">${label}</text>`
  const body = quote
    ? disc(44, 44, 19, escape(quote).slice(0, 3), 11) + disc(22, 22, 20, front.slice(0, 3), 12)
    : disc(32, 32, 30, front, front.length > 3 ? 14 : 17)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${body}</svg>`
}
