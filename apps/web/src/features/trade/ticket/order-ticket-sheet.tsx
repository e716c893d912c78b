import type { Instrument, SideValue } from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { useEffect, useRef } from 'react'
import { focusWhenDrawn, trapTab } from '../../../common/lib/focus-trap.ts'
import { OrderForm } from '../components/order-form.tsx'
import type { PlacedOrder } from '../components/order-success.tsx'

interface Props {
  open: boolean
  /** Each opening starts a new ticket (the form remounts on the side tapped). */
  serial: number
  side: SideValue
  instrument: Instrument
  instruments: readonly Instrument[]
  onClose: () => void
  onPlaced: (placed: PlacedOrder) => void
}

/**
 * The order ticket as a bottom sheet over /trade: focus moves into it when it opens and stays in
 * it (Tab wraps), Escape closes it, and the caller returns focus to the button that opened it.
 */
export function OrderTicketSheet({ open, serial, side, instrument, instruments, onClose, onPlaced }: Props) {
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      // A picker over the ticket is closed first, by its own buttons (a dialog over it takes the
      // Escape itself: common/lib/antd-dialog.ts).
      const over = document.querySelectorAll('.leverage-picker, .adm-dialog')
      if ([...over].some((element) => element.getClientRects().length > 0)) return
      event.preventDefault()
      onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])

  // Focus into the ticket once it is drawn (the popup renders its content a frame or two after
  // it becomes visible): the side chosen, so that a screen reader starts at what was tapped.
  useEffect(() => {
    if (!open) return
    return focusWhenDrawn(() => {
      const root = dialog.current
      return root && (root.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ?? root)
    })
  }, [open, serial])

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="ticket-sheet" destroyOnClose>
      <div
        ref={dialog}
        className="ticket-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`ticket-title-${serial}`}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <OrderForm
          key={serial}
          titleId={`ticket-title-${serial}`}
          instrument={instrument}
          instruments={instruments}
          initialSide={side}
          onClose={onClose}
          onPlaced={onPlaced}
        />
      </div>
    </Popup>
  )
}
