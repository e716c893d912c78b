import { LANGUAGE_CODES } from '@tp/contracts'
import { describe, expect, it } from 'vitest'

type Tree = { [key: string]: string | Tree }

const files = import.meta.glob<{ default: Tree }>('./locales/*.json', { eager: true })

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

const reference = flatten(files['./locales/en.json']?.default ?? {})

describe('locale files', () => {
  it('exist for exactly the 21 languages', () => {
    const codes = Object.keys(files).map((path) => path.replace('./locales/', '').replace('.json', ''))
    expect(codes.sort()).toEqual([...LANGUAGE_CODES].sort())
  })

  it('en.json has messages', () => {
    expect(reference.size).toBeGreaterThan(50)
  })

  it.each([...LANGUAGE_CODES])(
    '%s.json has every key of en.json, no extra key and no empty message',
    (code) => {
      const file = files[`./locales/${code}.json`]
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
    const messages = flatten(files[`./locales/${code}.json`]?.default ?? {})
    const wrong = [...reference]
      .filter(
        ([key, english]) =>
          messages.has(key) && placeholders(messages.get(key)).join() !== placeholders(english).join(),
      )
      .map(([key]) => key)
    expect(wrong).toEqual([])
  })
})
