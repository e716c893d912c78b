/** Whether `error`, or an error it wraps (drizzle puts the driver's in `cause`), matches. */
function anyCause(error: unknown, match: (e: { code?: unknown; message?: unknown }) => boolean): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (match(e as { code?: unknown; message?: unknown })) return true
  }
  return false
}

/** PostgreSQL's unique_violation, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  return anyCause(error, (e) => e.code === '23505')
}

/** The socket errors of a server that cannot be reached, or that went away. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'])

/**
 * Whether a statement failed because the database cannot be reached now (refused or broken
 * connections, a server shutting down or starting: SQLSTATE classes 08 and 57P), not because of the
 * statement: the request may be sent again in a moment.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return anyCause(error, (e) => {
    if (typeof e.code === 'string' && (UNREACHABLE.has(e.code) || /^(08|57P)/.test(e.code))) return true
    return (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(e.message)
    )
  })
}
