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
const FIELD_NAME = /^[A-Za-z_]{1,32}$/

/**
 * The first field holding a NUL character, in a value or a key, at any depth. PostgreSQL text cannot
 * hold NUL ("invalid byte sequence for encoding UTF8: 0x00"), and no real form field contains one.
 */
function fieldWithNul(input: unknown, field: string, depth = 0): string | undefined {
  if (typeof input === 'string') return input.includes('\0') ? field : undefined
  if (typeof input !== 'object' || input === null) return undefined
  if (depth >= MAX_INPUT_DEPTH) return field
  for (const [key, value] of Object.entries(input)) {
    // The answer names a top-level field, and only one a schema could have: never echo odd keys.
    const name = depth > 0 ? field : FIELD_NAME.test(key) ? key : 'body'
    if (key.includes('\0')) return name
    const found = fieldWithNul(value, name, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Parses `input` (a query or a body) with `schema`, or throws InvalidRequest naming the first bad
 * field. Every route reads its input through here, so the checks that hold for every field live here
 * too: no NUL characters anywhere. Numbers are read strictly by the schemas' helpers
 * (packages/contracts/src/numbers.ts).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const withNul = fieldWithNul(input, 'body')
  if (withNul !== undefined) throw new InvalidRequest('invalid_input', withNul)
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = String(issue?.path[0] ?? 'body')
  const reason = issue && isReason(issue.message) ? issue.message : 'invalid_input'
  throw new InvalidRequest(reason, field)
}
