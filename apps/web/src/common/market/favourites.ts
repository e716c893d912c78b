import type { Instrument } from '@tp/contracts/light'

/** Most instruments a device keeps starred: the list stays short enough to scan, and storage small. */
export const MAX_FAVOURITES = 100

/** What an instrument code looks like (contracts' catalogue codes); anything else is not one. */
const CODE = /^[A-Za-z0-9._-]{1,32}$/

/**
 * The starred codes from what storage holds: a JSON array of codes. Anything else (bad JSON, an
 * object, numbers, a code that cannot be one, duplicates) is dropped rather than trusted, and the
 * list is cut at MAX_FAVOURITES, keeping the ones starred first.
 */
export function parseFavourites(raw: string | null): string[] {
  if (!raw) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(value)) return []
  const codes: string[] = []
  for (const item of value) {
    if (typeof item !== 'string' || !CODE.test(item) || codes.includes(item)) continue
    codes.push(item)
    if (codes.length === MAX_FAVOURITES) break
  }
  return codes
}

/** The codes with `code` starred or unstarred; a new star goes last, and none past the cap. */
export function toggleFavourite(codes: readonly string[], code: string): string[] {
  if (codes.includes(code)) return codes.filter((item) => item !== code)
  if (!CODE.test(code) || codes.length >= MAX_FAVOURITES) return [...codes]
  return [...codes, code]
}

/**
 * The starred instruments of the list, in the order they were starred. A code the catalogue no
 * longer lists (disabled by staff) shows nothing, but stays stored in case it comes back.
 */
export function favouriteInstruments(
  instruments: readonly Instrument[],
  codes: readonly string[],
): Instrument[] {
  const byCode = new Map(instruments.map((instrument) => [instrument.Code, instrument]))
  return codes.flatMap((code) => byCode.get(code) ?? [])
}
