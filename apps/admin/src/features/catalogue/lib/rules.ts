import type { Rule } from 'antd/es/form'
import type { TradingWindow } from '@tp/contracts/light'
import type { Translate } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import type { CheckedWindows } from './sessions.ts'

/**
 * Form rules that check a field with the server's own rule: each field is parsed with the very schema
 * of `@tp/contracts` the route parses (`{ [field]: value }`, the requests being partial), so the
 * form refuses what the server would refuse. Checks across fields follow the server's services.
 */

interface Schema {
  safeParse(input: unknown): { success: boolean }
}

/** Passes when the server's schema takes `{ [field]: convert(value) }`; empty values are left to `required`. */
export function schemaRule(
  schema: Schema,
  field: string,
  message: string,
  convert: (value: unknown) => unknown = (value) => value,
): Rule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return
      if (!schema.safeParse({ [field]: convert(value) }).success) throw new Error(message)
    },
  }
}

export const required = (t: Translate, key: MessageKey = 'catalogue.required'): Rule => ({
  required: true,
  whitespace: true,
  message: t(key),
})

/**
 * Checks a list of windows as typed (weekly sessions, a holiday's hours): `read` gives a row's
 * minutes (undefined where a time is not HH:MM), `check` the server's rule for the list.
 */
export function windowsRule<Row>(
  t: Translate,
  read: (row: Row) => { From: number | undefined; To: number | undefined },
  check: (windows: TradingWindow[]) => CheckedWindows,
): Rule {
  return {
    validator: async (_, rows: Row[] = []) => {
      const windows = rows.map(read)
      const bad = windows.findIndex((w) => w.From === undefined || w.To === undefined)
      if (bad >= 0) throw new Error(t('catalogue.sessions.badTime', { n: bad + 1 }))
      const checked = check(windows as TradingWindow[])
      if (!checked.ok)
        throw new Error(t(`catalogue.sessions.${checked.problem}`, { n: (checked.index ?? 0) + 1 }))
    },
  }
}

/** Exact decimal text as a whole number of 10^-scale (no float): "0.015" at scale 4 is 150n. */
export function scaled(text: string, scale: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim())
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > scale) return undefined
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0')
}

/** Whether decimal text `a` is greater than `b` (both as the catalogue stores them). */
export function decimalGreater(a: string, b: string, scale = 10): boolean | undefined {
  const [x, y] = [scaled(a, scale), scaled(b, scale)]
  return x === undefined || y === undefined ? undefined : x > y
}

/** Whether lots `value` is a whole number of `step`s (lots have at most 4 decimals). */
export function onStep(value: string, step: string): boolean | undefined {
  const [v, s] = [scaled(value, 4), scaled(step, 4)]
  if (v === undefined || s === undefined || s === 0n) return undefined
  return v % s === 0n
}

/** Trims text fields and drops values that did not change: what a partial edit sends. */
export function changedFields<T extends object>(before: T, after: Partial<T>): Partial<T> {
  const change: Partial<T> = {}
  for (const key of Object.keys(after) as (keyof T)[]) {
    let value = after[key]
    if (typeof value === 'string') value = value.trim() as T[keyof T]
    if (value === undefined) continue
    if (stableJson(value) !== stableJson(before[key])) change[key] = value
  }
  return change
}

/** JSON with object keys sorted: the database's jsonb keeps its own key order ({ To, From }). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

/** A share (0.001) as a percentage for people ("0.1 %"), exact enough for six decimals. */
export function percentText(share: string | number): string {
  const value = Number(share)
  if (!Number.isFinite(value)) return ''
  return `${Number((value * 100).toPrecision(10))} %`
}
