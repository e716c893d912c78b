import { Button, CenterPopup } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/** A tick in a circle (drawn here: icons.tsx is part of the first load, this is not). */
function SuccessIcon() {
  return (
    <svg className="order-success-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        stroke="#fff"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export interface PlacedOrder {
  id: number
  pending: boolean
  text: string
}

interface Props {
  placed: PlacedOrder | null
  onClose: () => void
}

/**
 * The confirmation after an order was accepted (SPEC.md 2), linking to the orders: a position to
 * Holding (`/order?type=1`); a pending order to Pending, where it is listed until it fills.
 */
export function OrderSuccess({ placed, onClose }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <CenterPopup visible={placed !== null} onMaskClick={onClose} className="order-success-popup">
      {placed && (
        <div className="order-success-body" data-testid="order-success" role="dialog" aria-modal="true">
          <SuccessIcon />
          <h2 className="order-success-title">
            {placed.pending ? t('orderForm.successPending') : t('orderForm.successTitle')}
          </h2>
          <p className="order-success-text">{placed.text}</p>
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
