import { describe, expect, it } from 'vitest'
import core from './locales/en.json'

/** Core messages and the message parts (i18n.ts) share one namespace. */
const parts = import.meta.glob<Record<string, unknown>>('./*/en.json', { eager: true, import: 'default' })
const en: Record<string, unknown> = Object.assign({}, core, ...Object.values(parts))

/** Every literal translation key in the source must exist in en.json (a typo shows a raw key on screen). */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
})

function has(tree: unknown, key: string): boolean {
  let node = tree
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string'
}

/** Any quoted 'namespace.key' whose namespace is a top-level section of en.json. */
const KEY_PATTERN = new RegExp(`'((?:${Object.keys(en).join('|')})\\.[a-zA-Z.]+)'`, 'g')

describe('translation keys used in the source', () => {
  it('all exist in en.json', () => {
    const unknown: string[] = []
    let found = 0
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(KEY_PATTERN)) {
        const key = match[1]
        if (!key) continue
        found += 1
        if (!has(en, key)) unknown.push(`${file}: ${key}`)
      }
    }
    expect(found).toBeGreaterThan(80)
    expect(unknown).toEqual([])
  })
})
