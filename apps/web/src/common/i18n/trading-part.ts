/**
 * The loaders of the `trading` message part, one chunk per language (i18n.ts, message parts). A
 * module of its own, fetched with the first screen that needs the part, so that not even these
 * loaders are part of the first load. It imports nothing, so it changes no other chunk.
 */
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./trading/*.json')
