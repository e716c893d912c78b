/**
 * The loaders of the `company` message part (partner companies of main mode, on /product), one
 * chunk per language (i18n.ts, message parts). It imports nothing, so it changes no other chunk.
 */
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./company/*.json')
