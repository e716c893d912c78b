import { readFileSync } from 'node:fs'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '@tp/contracts'

type Catalog = { [key: string]: string | Catalog }
export type MessageParams = Record<string, string | number>

function load(lang: LanguageCode): Catalog {
  return JSON.parse(readFileSync(new URL(`./locales/${lang}.json`, import.meta.url), 'utf8')) as Catalog
}

/** All 21 catalogues, read once at start. */
const CATALOGS = new Map(LANGUAGE_CODES.map((lang) => [lang, load(lang)]))

function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** The message `key` in `lang` (English, then the key itself, when missing), with `{{params}}` filled in. */
export function translate(lang: LanguageCode, key: string, params: MessageParams = {}): string {
  const template = lookup(CATALOGS.get(lang), key) ?? lookup(CATALOGS.get('en'), key) ?? key
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole))
}

/** The language a request asks for in its `lang` header; the default is Traditional Chinese. */
export function requestLanguage(header: unknown): LanguageCode {
  const value = Array.isArray(header) ? header[0] : header
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE
}

export function catalogKeys(lang: LanguageCode): string[] {
  const walk = (node: Catalog, prefix: string): string[] =>
    Object.entries(node).flatMap(([k, v]) =>
      typeof v === 'string' ? [prefix + k] : walk(v, `${prefix}${k}.`),
    )
  return walk(CATALOGS.get(lang) ?? {}, '')
}
