import type { Instrument } from '@tp/contracts/light'
import { lazy, Suspense, useCallback, useState } from 'react'

/** Loads the sheet and its texts, on the first long-press (or earlier: `prepare`), never with `/`. */
const loadSheet = () => import('./quick-trade-loader.ts').then((module) => module.loadQuickTradeSheet())
let loading: ReturnType<typeof loadSheet> | undefined
const prepare = () =>
  (loading ??= loadSheet().catch((error: unknown) => {
    // Offline: the next long-press tries again.
    loading = undefined
    throw error
  }))
const QuickTradeSheet = lazy(prepare)

/**
 * Quick buy/sell for the market lists: `open(instrument)` for a long-pressed row, and the sheet,
 * kept mounted once loaded so that it slides away when closed.
 */
export function useQuickTrade(instruments: readonly Instrument[]) {
  const [shown, setShown] = useState<{ instrument: Instrument; open: boolean } | null>(null)
  const open = useCallback((instrument: Instrument) => setShown({ instrument, open: true }), [])
  const close = useCallback(() => setShown((current) => current && { ...current, open: false }), [])
  // The row's instrument as the list holds it now (a refresh brings new leverage options or status).
  const current = shown && (instruments.find((item) => item.Id === shown.instrument.Id) ?? shown.instrument)
  const sheet = shown && current && (
    <Suspense fallback={null}>
      <QuickTradeSheet instrument={current} instruments={instruments} open={shown.open} onClose={close} />
    </Suspense>
  )
  // A finger resting on a row may become a long-press: the sheet starts loading then, so that it is
  // there when the press is long enough.
  return { open, prepare, sheet }
}
