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

/** Parses `input` with `schema`, or throws InvalidRequest naming the first bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = String(issue?.path[0] ?? 'body')
  const reason = issue && isReason(issue.message) ? issue.message : 'invalid_input'
  throw new InvalidRequest(reason, field)
}
