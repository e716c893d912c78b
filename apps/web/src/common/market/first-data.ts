import type { Instrument } from '@tp/contracts/light'

/**
 * What `/app-shell.js` started before the app's code arrived (issue 12, app/layout/boot-shell.ts):
 * on `/` and `/trade` the page asks for the instrument list at once, beside the code rather than
 * after it, in the language the app will use. A classic script, served as it is: the page's policy
 * allows no inline script, and a module would wait for the whole app to download before it ran.
 */
interface FirstTradeList {
  at: number
  lang: string
  answer: Promise<unknown>
}

declare global {
  interface Window {
    __firstTradeList?: FirstTradeList
  }
}

/** Whether the app has asked for its list yet in this page. */
let asked = false

/** Older than this, the list is asked for again: quotes in it would be stale. */
const FRESH_MS = 10_000

/**
 * The instrument list the page asked for as it loaded, once: undefined when there is none, it is
 * in another language than the app's, it is old, or it failed (the caller then asks itself).
 */
export async function takeFirstInstruments(
  language: string,
  now = Date.now(),
): Promise<Instrument[] | undefined> {
  const first = window.__firstTradeList
  delete window.__firstTradeList
  // Only the app's first ask may take it: a later ask (a catalogue change, a pull to refresh) must
  // reach the server.
  const firstAsk = !asked
  asked = true
  if (!first || !firstAsk) return undefined
  if (first.lang !== language || now - first.at > FRESH_MS) return undefined
  try {
    const envelope = (await first.answer) as { code?: unknown; data?: unknown } | null
    return envelope?.code === 1 && Array.isArray(envelope.data) ? (envelope.data as Instrument[]) : undefined
  } catch {
    return undefined
  }
}
