import { Button, CenterPopup } from 'antd-mobile'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { focusWhenDrawn, trapTab } from '../../../common/lib/focus-trap.ts'
import { formatPrice } from '../../../common/market/format.ts'

/** A tick in a circle (drawn here: icons.tsx is part of the first load, this is not). */
function SuccessIcon() {
  return (
    <svg className="order-success-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        stroke="var(--on-accent)"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** An order the server accepted, with its price as `my_deal` lists it. */
export interface PlacedOrder {
  id: number
  pending: boolean
  buy: boolean
  /** Lots as sent. */
  lots: string
  /** The instrument's ShowCode. */
  code: string
  /** The fill price of a market order, the price a pending order waits for; null when it could not be read. */
  price: number | null
  precision: number
}

interface Props {
  placed: PlacedOrder | null
  onClose: () => void
}

/**
 * The confirmation after an order was accepted (docs/product.md "Screens"): side, lots, instrument and the fill
 * price, linking to the orders: a position to Holding (`/order?type=1`); a pending order to
 * Pending, where it is listed until it fills.
 */
export function OrderSuccess({ placed, onClose }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const body = useRef<HTMLDivElement>(null)
  const shown = placed !== null
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  // Focus into the confirmation once it is drawn, kept there (Tab wraps); Escape dismisses it (the
  // caller returns focus).
  useEffect(() => {
    if (!shown) return
    const cancelFocus = focusWhenDrawn(() => body.current?.querySelector<HTMLElement>('button'))
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      cancelFocus()
      document.removeEventListener('keydown', onKey)
    }
  }, [shown])

  return (
    <CenterPopup
      visible={placed !== null}
      onMaskClick={onClose}
      onClose={onClose}
      className="order-success-popup"
    >
      {placed && (
        <div
          ref={body}
          className="order-success-body"
          data-testid="order-success"
          role="dialog"
          aria-modal="true"
          aria-labelledby="order-success-title"
          onKeyDown={trapTab}
        >
          <SuccessIcon />
          <h2 className="order-success-title" id="order-success-title">
            {placed.pending ? t('orderForm.successPending') : t('orderForm.successTitle')}
          </h2>
          <p className="order-success-text">
            {t('orderForm.successText', {
              side: placed.buy ? t('orderForm.buy') : t('orderForm.sell'),
              lots: placed.lots,
              code: placed.code,
              id: placed.id,
            })}
          </p>
          {placed.price !== null && (
            <dl className="order-success-price">
              <dt>{placed.pending ? t('ticket.pendingPrice') : t('ticket.fillPrice')}</dt>
              <dd className="num" data-testid="order-success-price">
                {formatPrice(placed.price, placed.precision)}
              </dd>
            </dl>
          )}
          <div className="order-success-actions">
            <Button
              block
              color="primary"
              shape="rounded"
              data-testid="order-success-view"
              onClick={() => navigate(`/order?type=${placed.pending ? 0 : 1}`)}
            >
              {t('orderForm.viewOrders')}
            </Button>
            <Button block fill="none" shape="rounded" data-testid="order-success-close" onClick={onClose}>
              {t('orderForm.continue')}
            </Button>
          </div>
        </div>
      )}
    </CenterPopup>
  )
}
