import type { z } from 'zod'
import { REASONS, type Reason } from '@tp/contracts'

/** Thrown when a request does not match its schema; the error handler answers 400 with the envelope. */
export class InvalidRequest extends Error {
  constructor(
    readonly reason: Reason,
    readonly field: string,
  ) {
    super(`invalid request: ${field}`)
  }
}

const isReason = (message: string): message is Reason => (REASONS as readonly string[]).includes(message)

/** JSON bodies nest; forms and query strings do not. Deeper input is refused, not walked. */
const MAX_INPUT_DEPTH = 8

/**
 * Characters no field may hold, at any depth:
 * - NUL: PostgreSQL text cannot hold it ("invalid byte sequence for encoding UTF8: 0x00");
 * - a lone UTF-16 surrogate (`\ud800` in JSON): not a character at all, and PostgreSQL's jsonb
 *   refuses it, so it would fail the audit row of the change it came with;
 * - bidi overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make a memo, a name or a
 *   symbol read differently from what it holds. The joiners Persian and Indic names need stay.
 */
const FORBIDDEN = /[\0\u202a-\u202e\u2066-\u2069]|\p{Cs}/u

function holdsForbidden(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return FORBIDDEN.test(input)
  if (typeof input !== 'object' || input === null) return false
  if (depth >= MAX_INPUT_DEPTH) return true
  return Object.entries(input).some(([key, value]) => FORBIDDEN.test(key) || holdsForbidden(value, depth + 1))
}

/** The top-level field of `input` that holds one, named only if the schema has it (never echo odd keys). */
function fieldWithForbidden(schema: z.ZodType, input: unknown): string | undefined {
  if (!holdsForbidden(input)) return undefined
  const known = 'shape' in schema && typeof schema.shape === 'object' && schema.shape ? schema.shape : {}
  const entries = typeof input === 'object' && input !== null ? Object.entries(input) : []
  const [key] = entries.find(([name, value]) => holdsForbidden({ [name]: value })) ?? ['body']
  return Object.hasOwn(known, key) ? key : 'body'
}

/**
 * Parses `input` (a query or a body) with `schema`, or throws InvalidRequest naming the first bad
 * field. Every route reads its input through here, so the checks that hold for every field live here
 * too: none of the FORBIDDEN characters anywhere. Numbers are read strictly by the schemas' helpers
 * (packages/contracts/src/numbers.ts).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const forbidden = fieldWithForbidden(schema, input)
  if (forbidden !== undefined) throw new InvalidRequest('invalid_input', forbidden)
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = String(issue?.path[0] ?? 'body')
  const reason = issue && isReason(issue.message) ? issue.message : 'invalid_input'
  throw new InvalidRequest(reason, field)
}
