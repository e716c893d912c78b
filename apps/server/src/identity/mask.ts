/** Characters of a document number left readable at its start and end in the user's own view. */
const SHOWN_START = 2
const SHOWN_END = 4

/**
 * A document number as the read-only view shows it: all but its first 2 and last 4 characters
 * masked ("AB123456789" is "AB*****6789"). Numbers too short to keep 6 characters and still hide
 * some keep only their first and last character, so no number is ever shown whole.
 */
export function maskCardId(cardId: string): string {
  const chars = [...cardId]
  if (chars.length === 0) return ''
  const [start, end] = chars.length > SHOWN_START + SHOWN_END ? [SHOWN_START, SHOWN_END] : [1, 1]
  if (chars.length <= start + end) return '*'.repeat(chars.length)
  return (
    chars.slice(0, start).join('') +
    '*'.repeat(chars.length - start - end) +
    chars.slice(chars.length - end).join('')
  )
}
