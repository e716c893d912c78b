/**
 * The loaders of the `money` message part (wallet, payout methods, deposit, withdrawal, ledger),
 * one chunk per language (i18n.ts, message parts), fetched with the first money screen. It imports
 * nothing, so it changes no other chunk.
 */
export const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./money/*.json')
