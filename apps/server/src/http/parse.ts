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
 * Whether any value or key holds a NUL character, at any depth. PostgreSQL text cannot hold NUL
 * ("invalid byte sequence for encoding UTF8: 0x00"), and no real form field contains one.
 */
function holdsNul(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return input.includes('\0')
  if (typeof input !== 'object' || input === null) return false
  if (depth >= MAX_INPUT_DEPTH) return true
  return Object.entries(input).some(([key, value]) => key.includes('\0') || holdsNul(value, depth + 1))
}

/** The top-level field of `input` that holds a NUL, named only if the schema has it (never echo odd keys). */
function fieldWithNul(schema: z.ZodType, input: unknown): string | undefined {
  if (!holdsNul(input)) return undefined
  const known = 'shape' in schema && typeof schema.shape === 'object' && schema.shape ? schema.shape : {}
  const entries = typeof input === 'object' && input !== null ? Object.entries(input) : []
  const [key] = entries.find(([name, value]) => holdsNul({ [name]: value })) ?? ['body']
  return Object.hasOwn(known, key) ? key : 'body'
}

/**
 * Parses `input` (a query or a body) with `schema`, or throws InvalidRequest naming the first bad
 * field. Every route reads its input through here, so the checks that hold for every field live here
 * too: no NUL characters anywhere. Numbers are read strictly by the schemas' helpers
 * (packages/contracts/src/numbers.ts).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const withNul = fieldWithNul(schema, input)
  if (withNul !== undefined) throw new InvalidRequest('invalid_input', withNul)
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = String(issue?.path[0] ?? 'body')
  const reason = issue && isReason(issue.message) ? issue.message : 'invalid_input'
  throw new InvalidRequest(reason, field)
}
