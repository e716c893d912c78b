/**
 * The messages the app shell's texts come from, read from disk at build time (vite.config.ts) and
 * in tests: the core locales, with the `trading` part's messages merged in (the shell's closed-market
 * notice on /trade is one of them). Node only: never imported by the app.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type Messages = Record<string, unknown>

const I18N = join(import.meta.dirname, '../../common/i18n')
/** The message parts besides the core whose keys the shell uses. */
const PARTS = ['trading']

const isObject = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function merge(into: Messages, from: Messages): Messages {
  const out: Messages = { ...into }
  for (const [key, value] of Object.entries(from))
    out[key] = isObject(value) && isObject(out[key]) ? merge(out[key], value) : value
  return out
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages

/** Language code → its messages (core and PARTS), read afresh each time (the dev server sees edits). */
export function readShellLocales(): Record<string, Messages> {
  const locales: Record<string, Messages> = {}
  for (const file of readdirSync(join(I18N, 'locales')).filter((name) => name.endsWith('.json'))) {
    const code = file.slice(0, -5)
    locales[code] = PARTS.reduce(
      (messages, part) => merge(messages, readJson(join(I18N, part, file))),
      readJson(join(I18N, 'locales', file)),
    )
  }
  return locales
}
