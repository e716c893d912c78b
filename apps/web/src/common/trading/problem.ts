/** A message for the user: a translation key and the values of its placeholders. */
export interface Problem {
  key: string
  values?: Record<string, string | number>
}

/** An input's value as it will be sent, or what is wrong with it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem }

export const valid = <T>(value: T): Checked<T> => ({ ok: true, value })
export const invalid = <T>(key: string, values?: Problem['values']): Checked<T> => ({
  ok: false,
  problem: values ? { key, values } : { key },
})

/** The same problem, for a check of another type. */
export const failed = <T>(problem: Problem): Checked<T> => ({ ok: false, problem })
