/**
 * What typed text may hold, one rule set for every field users and staff write:
 * - no control characters (escape sequences, NUL, DEL, the C1 set);
 * - no bidirectional embeddings, overrides or isolates (U+202A–202E, U+2066–2069): they make
 *   "\u202eNAM IAT NAHC" read as "CHAN TAI MAN" to staff, or "EUR/USD" show as another code.
 * One line also refuses tabs, line breaks, the Unicode line and paragraph separators, and the
 * direction marks (U+200E, U+200F, U+061C: "\u200fEUR\u200f/\u200fUSD" shows as "USD/EUR"); several
 * lines (a remark, a reason, a message) allow tab, line feed and carriage return, and the marks,
 * which right-to-left text pasted from elsewhere carries.
 */
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'

/** A single line: a name, a code, an account number, an address, a reference. */
export const ONE_LINE = new RegExp(`^[^\\p{Cc}\\u2028\\u2029\\u200e\\u200f\\u061c${BIDI_CONTROLS}]*$`, 'u')

/** A few lines: tab, line feed and carriage return are allowed, nothing else of the above. */
export const LINES = new RegExp(`^(?:[^\\p{Cc}${BIDI_CONTROLS}]|[\\t\\n\\r])*$`, 'u')
