/**
 * The lines a code badge shows, as the server draws them (apps/server/src/market/logo-svg.ts): the
 * whole code, never cut (US500 is "US" over "500"), a pair base over quote, up to 4 characters (5
 * letters) on one line, sizes in units of a 64-unit disc so the text stays inside it.
 */
export interface LogoLine {
  text: string
  size: number
  y: number
}

const MAX_WIDTH = 48
const EM_PER_CHAR = 0.72
const MAX_CHARS = 10

const fit = (text: string, cap: number) => Math.min(cap, Math.floor(MAX_WIDTH / (EM_PER_CHAR * text.length)))
const clean = (text: string) => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase()

function twoLines(text: string, pair: string[] | null): [string, string] {
  if (pair && pair[0] && pair[1]) return [clean(pair[0]), clean(pair[1])]
  const turn = /^([A-Z]+)(\d+)$/.exec(text)
  if (turn && (turn[1] as string).length <= 5 && (turn[2] as string).length <= 5)
    return [turn[1] as string, turn[2] as string]
  const half = Math.ceil(text.length / 2)
  return [text.slice(0, half), text.slice(half)]
}

/** `label` is the code as shown (ShowCode): "EUR/USD", "US500". */
export function logoLines(label: string): LogoLine[] {
  const pair = label.includes('/') ? label.split('/') : null
  const text = clean(label).slice(0, MAX_CHARS) || '?'
  const oneLine = text.length <= 4 || (text.length === 5 && !/^[A-Z]+\d+$/.test(text))
  if (!pair && oneLine) return [{ text, size: fit(text, 26), y: 32 }]
  const [top, bottom] = twoLines(text, pair)
  const size = fit(top.length >= bottom.length ? top : bottom, 20)
  const lower = pair ? Math.min(size, fit(bottom, 15)) : size
  const gap = (size + lower) * 0.52
  return [
    { text: top, size, y: 32 - gap / 2 },
    { text: bottom, size: lower, y: 32 + gap / 2 },
  ]
}
