/**
 * The loaders of the `rank` message part, one chunk per language (i18n.ts, message parts), fetched
 * with the first screen that needs it. It imports nothing, so it changes no other chunk.
 */
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./rank/*.json')
