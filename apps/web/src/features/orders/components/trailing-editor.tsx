import type { TransOrder } from '@tp/contracts/light'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastInfo } from '../../../common/lib/toast.ts'
import { saveTrailing } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'
import { Field } from '../../../common/trading/field.tsx'

/** The most points a trailing stop may trail by (the server's limit). */
const MAX_POINTS = 10_000_000
const POINTS_TEXT = /^\d{1,8}$/

/** Typed points: a whole number from 0 (empty is 0: none), or null. */
export function parseTrailingPoints(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!POINTS_TEXT.test(trimmed)) return null
  const points = Number(trimmed)
  return points <= MAX_POINTS ? points : null
}

/**
 * A position's trailing stop (issue 13): a distance in points; the server moves the stop-loss behind
 * the price as it moves in the position's favour, never back. Empty or 0 removes it.
 */
export function TrailingEditor({ order, onSaved }: { order: TransOrder; onSaved: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const [text, setText] = useState(order.TrailingStop > 0 ? String(order.TrailingStop) : '')
  const action = useOrderAction()

  async function save() {
    const points = parseTrailingPoints(text)
    if (points === null) return toastInfo(t('orders.trailingInvalid'))
    if (await action.run(() => saveTrailing(order.Id, points))) onSaved()
  }

  return (
    <div className="detail-trailing">
      <Field id={id} label={t('orders.trailing')} inline>
        <div className="detail-trailing-row">
          <input
            id={id}
            className="order-input num"
            data-testid="detail-trailing"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            placeholder={t('orders.none')}
            value={text}
            onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
          />
          <button
            type="button"
            className="detail-button detail-button-secondary"
            data-testid="detail-trailing-save"
            disabled={action.busy}
            onClick={() => void save()}
          >
            {t('orders.trailingSet')}
          </button>
        </div>
      </Field>
      <p className="detail-hint">{t('orders.trailingHint')}</p>
    </div>
  )
}
