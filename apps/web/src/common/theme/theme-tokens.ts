/**
 * The colour tokens of app/styles.css read from its text: the light `html:root` block and the dark
 * `:root[data-theme='dark']` block (which overrides the light one), with var() references resolved.
 * For the contrast tests only.
 */
export type TokenTable = Record<string, string>

function declarations(block: string): TokenTable {
  const table: TokenTable = {}
  for (const match of block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) table[match[1]!] = match[2]!.trim()
  return table
}

function blockAfter(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`${selector} is missing`)
  const end = css.indexOf('\n}', start)
  return css.slice(start + selector.length + 2, end)
}

/** The value of `name` with var() chains followed (fallbacks are not used by the tokens). */
export function resolveToken(table: TokenTable, name: string, seen: string[] = []): string {
  const value = table[name]
  if (value === undefined) throw new Error(`${name} is not defined`)
  const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1]
  if (!reference) return value
  if (seen.includes(reference)) throw new Error(`${name} refers to itself`)
  return resolveToken(table, reference, [...seen, name])
}

export function themeTokens(css: string): { light: TokenTable; dark: TokenTable } {
  const light = declarations(blockAfter(css, 'html:root'))
  const dark = { ...light, ...declarations(blockAfter(css, ":root[data-theme='dark']")) }
  return { light, dark }
}
