import type { Instrument } from '@tp/contracts/light'
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react'

/** What the quick-trade sheet is given: the long-pressed row's instrument, the list, open or sliding away. */
export interface QuickTradeSheetProps {
  instrument: Instrument
  /** The whole list, for the pair that converts a non-USD quote currency into USD. */
  instruments: readonly Instrument[]
  open: boolean
  onClose: () => void
}

type SheetModule = { default: ComponentType<QuickTradeSheetProps> }
let sheetLoader: (() => Promise<SheetModule>) | undefined

/**
 * Names the loader of the sheet (and its texts), which the trade feature holds: the app does it
 * once at start, since the market lists that open the sheet do not import another feature.
 */
export function setQuickTradeSheet(load: () => Promise<SheetModule>): void {
  sheetLoader = load
}

/** Loads the sheet and its texts, on the first long-press (or earlier: `prepare`), never with `/`. */
const loadSheet = () =>
  sheetLoader ? sheetLoader() : Promise.reject(new Error('setQuickTradeSheet was not called'))
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
