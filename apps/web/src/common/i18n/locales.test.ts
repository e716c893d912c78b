import { LANGUAGE_CODES } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'

type Tree = { [key: string]: string | Tree }

/** The core messages (bundled default language, the rest per language) and the message parts. */
const SETS = {
  core: import.meta.glob<{ default: Tree }>('./locales/*.json', { eager: true }),
  trading: import.meta.glob<{ default: Tree }>('./trading/*.json', { eager: true }),
  money: import.meta.glob<{ default: Tree }>('./money/*.json', { eager: true }),
  center: import.meta.glob<{ default: Tree }>('./center/*.json', { eager: true }),
  news: import.meta.glob<{ default: Tree }>('./news/*.json', { eager: true }),
  rank: import.meta.glob<{ default: Tree }>('./rank/*.json', { eager: true }),
  chat: import.meta.glob<{ default: Tree }>('./chat/*.json', { eager: true }),
  feedback: import.meta.glob<{ default: Tree }>('./feedback/*.json', { eager: true }),
  company: import.meta.glob<{ default: Tree }>('./company/*.json', { eager: true }),
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value !== null && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v)
    else out.set(path, value)
  }
  return out
}

/** {{name}} placeholders of a message, sorted. */
function placeholders(message: unknown): string[] {
  return [...String(message).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
}

const codeOf = (path: string) => path.replace(/^\.\/\w+\//, '').replace('.json', '')

describe.each(Object.entries(SETS))('%s locale files', (set, files) => {
  const fileOf = (code: string) => Object.entries(files).find(([path]) => codeOf(path) === code)?.[1]
  const reference = flatten(fileOf('en')?.default ?? {})

  it('exist for exactly the 21 languages', () => {
    const codes = Object.keys(files).map(codeOf)
    expect(codes.sort()).toEqual([...LANGUAGE_CODES].sort())
  })

  it('en.json has messages', () => {
    // A message part holds one area's texts only, so fewer than the core.
    expect(reference.size).toBeGreaterThan(set === 'core' ? 50 : set === 'company' ? 8 : 15)
  })

  it.each([...LANGUAGE_CODES])(
    '%s.json has every key of en.json, no extra key and no empty message',
    (code) => {
      const file = fileOf(code)
      expect(file, `${code}.json is missing`).toBeDefined()
      const messages = flatten(file?.default ?? {})
      const missing = [...reference.keys()].filter((key) => !messages.has(key))
      const extra = [...messages.keys()].filter((key) => !reference.has(key))
      const empty = [...messages]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key)
      expect({ missing, extra, empty }).toEqual({ missing: [], extra: [], empty: [] })
    },
  )

  it.each([...LANGUAGE_CODES])('%s.json keeps the placeholders of en.json', (code) => {
    const messages = flatten(fileOf(code)?.default ?? {})
    const wrong = [...reference]
      .filter(
        ([key, english]) =>
          messages.has(key) && placeholders(messages.get(key)).join() !== placeholders(english).join(),
      )
      .map(([key]) => key)
    expect(wrong).toEqual([])
  })
})

describe('message parts', () => {
  it('add sections of their own, so loading one never overwrites a core message or another part', () => {
    const owners = new Map<string, string[]>()
    for (const [set, files] of Object.entries(SETS)) {
      const english = Object.values(files).find((_, i) => codeOf(Object.keys(files)[i] ?? '') === 'en')
      for (const section of Object.keys(english?.default ?? {}))
        owners.set(section, [...(owners.get(section) ?? []), set])
    }
    expect([...owners].filter(([, sets]) => sets.length > 1)).toEqual([])
  })
})
