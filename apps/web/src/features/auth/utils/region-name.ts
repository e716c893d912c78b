import type { AreaCode } from '@tp/contracts/light'

const cache = new Map<string, Intl.DisplayNames | null>()

/** The country's name in the page language (Intl knows them all), or its ISO code when it cannot. */
export function regionName(area: AreaCode, htmlLang: string): string {
  if (!cache.has(htmlLang)) {
    try {
      cache.set(htmlLang, new Intl.DisplayNames([htmlLang], { type: 'region' }))
    } catch {
      cache.set(htmlLang, null)
    }
  }
  try {
    return cache.get(htmlLang)?.of(area.code) ?? area.code
  } catch {
    return area.code
  }
}

export function matchesArea(area: AreaCode, name: string, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return [name, area.code, area.global_code].some((text) => text.toLowerCase().includes(needle))
}
