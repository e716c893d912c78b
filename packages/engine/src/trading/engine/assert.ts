/** Invariant checks (TigerBeetle's habit): a broken one is a bug, so it throws, never refuses. */

/** Throws when `condition` is false: the engine's state broke a rule the code relies on. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`engine invariant: ${message}`)
}

/** The value, asserted present (a map lookup the engine's own bookkeeping guarantees). */
export function present<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new Error(`engine invariant: ${message}`)
  return value
}
