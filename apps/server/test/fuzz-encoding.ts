/*
 * What the fuzz tests share: values as a hostile client could send them (JSON literals written as
 * they are, arrays and nested objects where scalars belong), their encodings, and the envelope check.
 */

/** A JSON literal sent as written: `1e309` has no JavaScript number that prints as it. */
export class RawJson {
  constructor(readonly text: string) {}
}
export type Scalar = string | number | boolean | null | RawJson
export type Fields = { [key: string]: Scalar }
export type Value = Scalar | Scalar[] | Fields

export const text = (s: Scalar) => (s === null ? '' : s instanceof RawJson ? s.text : String(s))
export const isScalar = (v: Value): v is Scalar =>
  !Array.isArray(v) && (v === null || typeof v !== 'object' || v instanceof RawJson)

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
export const percent = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('')

export function urlEncoded(fields: { [key: string]: Value }): string {
  const pairs: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    if (isScalar(value)) pairs.push(`${percent(key)}=${percent(text(value))}`)
    else if (Array.isArray(value))
      for (const item of value) pairs.push(`${percent(key)}=${percent(text(item))}`)
    else
      for (const [sub, item] of Object.entries(value))
        pairs.push(`${percent(`${key}[${sub}]`)}=${percent(text(item))}`)
  }
  return pairs.join('&')
}

export function json(value: Value | { [key: string]: Value }): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(json).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** Whether an answer is the envelope: a known code, a message, data, and a reason when refused. */
export function isEnvelope(body: unknown): body is { code: number; reason?: string; data: unknown } {
  if (typeof body !== 'object' || body === null) return false
  const b = body as Record<string, unknown>
  return (
    (b.code === 0 || b.code === 1 || b.code === 999) &&
    typeof b.msg === 'string' &&
    b.msg !== '' &&
    'data' in b &&
    (b.code === 1 || typeof b.reason === 'string')
  )
}
