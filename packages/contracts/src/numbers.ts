import { z } from 'zod'
import { INT32_MAX } from './light/numbers.ts'
export * from './light/numbers.ts'

/**
 * Numbers in requests, read strictly. Query strings and forms carry text, and `Number()` (what
 * `z.coerce.number()` does) reads far more than decimal digits: "0x10" is 16, "1e3" is 1000, " 1 ",
 * "+1" and "1." are 1, "" is 0. A client that sends such text has a bug or is probing, so these
 * schemas refuse it as invalid input instead of guessing. JSON numbers are taken as they are.
 */

/** ASCII digits only (`\d` would also be ASCII without the `u` flag; spelled out to be plain). */
const INTEGER_TEXT = /^-?[0-9]+$/
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/
/** Longer text than this is not a number anyone means (2^53 has 16 digits). */
const MAX_NUMBER_TEXT_LENGTH = 40

/** Text that matches `pattern` becomes a number; anything else passes through for z.number() to refuse. */
const readNumber = (pattern: RegExp) => (value: unknown) =>
  typeof value === 'string' && value.length <= MAX_NUMBER_TEXT_LENGTH && pattern.test(value)
    ? Number(value)
    : value

interface Range {
  min: number
  max: number
}

/**
 * A whole number within [min, max] (both inclusive, both safe integers), e.g.
 * `integer({ min: 1, max: INT32_MAX })` for a serial id. A minus sign is read only when min < 0.
 */
export function integer({ min, max }: Range) {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new Error(`integer(): bad range ${min}..${max}`)
  }
  const pattern = min < 0 ? INTEGER_TEXT : /^[0-9]+$/
  return z.preprocess(readNumber(pattern), z.number().int().min(min).max(max))
}

/** A decimal number within [min, max], e.g. a price: "1.2345" or 1.2345; "1." and ".5" are refused. */
export function decimal({ min, max }: Range) {
  const pattern = min < 0 ? DECIMAL_TEXT : /^[0-9]+(\.[0-9]+)?$/
  return z.preprocess(readNumber(pattern), z.number().finite().min(min).max(max))
}

/** One of a few whole numbers, typed as their literal union, e.g. `oneOf([1, 2])`. */
export function oneOf<const T extends readonly number[]>(values: T) {
  return z.preprocess(readNumber(INTEGER_TEXT), z.literal(values))
}

/** A serial id (PostgreSQL `integer`): 1 to 2^31-1. Out-of-range ids are invalid, not "not found". */
export const serialId = integer({ min: 1, max: INT32_MAX })
