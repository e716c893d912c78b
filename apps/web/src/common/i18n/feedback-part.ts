/**
 * The loaders of the `feedback` message part, one chunk per language (i18n.ts, message parts),
 * fetched with /feedback. It imports nothing, so it changes no other chunk.
 */
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./feedback/*.json')
