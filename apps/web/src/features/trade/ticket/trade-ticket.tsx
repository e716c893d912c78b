import { Side, type Instrument, type SideValue } from '@tp/contracts/light'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { currentPath, loginPath } from '../../../common/lib/navigation.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { formatPrice } from '../../../common/market/format.ts'
import type { Quote } from '../../../common/market/quote.ts'
import { useSession } from '../../../common/session/session-store.ts'
import type { PlacedOrder } from '../components/order-success.tsx'
import { SellBuyBar } from './sell-buy-bar.tsx'
import { useOneTap } from './ticket-settings.ts'

const loadSheet = () => import('./order-ticket-sheet.tsx')
/** The ticket and the confirmation are not part of the first load of /trade. */
const OrderTicketSheet = lazy(() => loadSheet().then((module) => ({ default: module.OrderTicketSheet })))
const OrderSuccess = lazy(() =>
  import('../components/order-success.tsx').then((module) => ({ default: module.OrderSuccess })),
)

/** The history entry pushed while the ticket is open, so that the phone's back closes it. */
const SHEET_STATE = 'orderTicket'
const sheetInHistory = () =>
  typeof window.history.state === 'object' &&
  window.history.state !== null &&
  (window.history.state as Record<string, unknown>)[SHEET_STATE] === true

interface Props {
  /** Render with `key={instrument.Id}`. */
  instrument: Instrument
  instruments: readonly Instrument[]
}

/**
 * The sell/buy bar of /trade and what it opens: the order ticket (a bottom sheet) on the side
 * tapped, or with one-tap trading on, a market order at once. Visitors are sent to sign in.
 */
export function TradeTicket({ instrument, instruments }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signedIn = useSession((state) => state.token !== null)
  const oneTap = useOneTap((state) => state.on)
  const [sheet, setSheet] = useState<{ open: boolean; side: SideValue; serial: number } | null>(null)
  const [placed, setPlaced] = useState<PlacedOrder | null>(null)
  const [busy, setBusy] = useState(false)
  const opener = useRef<HTMLElement | null>(null)

  // The ticket's code once the screen is idle, so that the first tap opens it at once.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadSheet().catch(() => undefined), 1500)
    return () => window.clearTimeout(timer)
  }, [])

  // Back (the phone's button, the browser's) closes the ticket instead of leaving /trade.
  useEffect(() => {
    const onPop = () => {
      if (!sheetInHistory()) setSheet((current) => current && { ...current, open: false })
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  const closeSheet = useCallback(() => {
    if (sheetInHistory()) window.history.back()
    else setSheet((current) => current && { ...current, open: false })
  }, [])

  function openSheet(side: SideValue) {
    if (!sheetInHistory())
      window.history.pushState({ ...(window.history.state as object), [SHEET_STATE]: true }, '')
    setSheet((current) => ({ open: true, side, serial: (current?.serial ?? 0) + 1 }))
  }

  async function placeOneTap(side: SideValue, quote: Quote) {
    setBusy(true)
    try {
      const { placeOneTapOrder } = await import('./one-tap-order.ts')
      const result = await placeOneTapOrder(side, instrument, quote)
      if (result.ok) {
        const order = result.placed
        toastSuccess(
          t(order.buy ? 'ticket.boughtAt' : 'ticket.soldAt', {
            lots: order.lots,
            code: order.code,
            price: order.price === null ? '--' : formatPrice(order.price, order.precision),
          }),
        )
      } else if (result.problem) toastInfo(t(result.problem.key, result.problem.values))
    } catch (error) {
      console.debug('one-tap order failed', error)
    } finally {
      setBusy(false)
    }
  }

  function tap(side: SideValue, quote: Quote, button: HTMLButtonElement) {
    // docs/product.md "Input rules": ordering needs a sign-in; a visitor's tap on buy or sell goes there first.
    if (!signedIn) return void navigate(loginPath(currentPath()))
    opener.current = button
    if (oneTap) return void placeOneTap(side, quote)
    openSheet(side)
  }

  const returnFocus = () => opener.current?.focus({ preventScroll: true })

  // Focus goes back to the button that opened the ticket once it closes (to the confirmation
  // first, when an order was placed: it returns focus itself when dismissed).
  const sheetOpen = sheet?.open ?? false
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !sheetOpen && !placed) opener.current?.focus({ preventScroll: true })
    wasOpen.current = sheetOpen
  }, [sheetOpen, placed])

  return (
    <>
      <SellBuyBar instrument={instrument} oneTap={oneTap} busy={busy} onTap={tap} />
      {sheet && (
        <Suspense fallback={null}>
          <OrderTicketSheet
            serial={sheet.serial}
            open={sheet.open}
            side={sheet.side ?? Side.Buy}
            instrument={instrument}
            instruments={instruments}
            onClose={closeSheet}
            onPlaced={(order) => {
              closeSheet()
              setPlaced(order)
            }}
          />
        </Suspense>
      )}
      {placed && (
        <Suspense fallback={null}>
          <OrderSuccess
            placed={placed}
            onClose={() => {
              setPlaced(null)
              returnFocus()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
