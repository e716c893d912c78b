import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../../../common/market/format.ts'
import { decimalInput } from '../../../common/trading/decimal-input.ts'
import type { StopPreview, StopUnit } from '../ticket/lib/ticket-draft.ts'
import { TicketSwitch } from '../ticket/ticket-switch.tsx'

interface Props {
  label: string
  on: boolean
  text: string
  unit: StopUnit
  preview: StopPreview
  /** What is wrong with the level (the wrong side of the price), shown instead of its P/L. */
  problem: string | null
  precision: number
  disabled: boolean
  onToggle: (on: boolean) => void
  onChange: (text: string) => void
  testId: 'order-sl' | 'order-tp'
}

const profitText = (profit: number) => `${profit > 0 ? '+' : ''}${profit.toFixed(2)}`

/**
 * A stop level: a switch, and while it is on, the field (a price or points from the entry) with
 * what it means: the price or the points, and the profit or loss in USD if it is hit (docs/product.md "Input rules":
 * the level is sent only while it is on).
 */
export function StopField({
  label,
  on,
  text,
  unit,
  preview,
  problem,
  precision,
  disabled,
  onToggle,
  onChange,
  testId,
}: Props) {
  const { t } = useTranslation()
  const id = useId()
  const points = unit === 'points'
  const direction =
    preview.profit === null ? 'flat' : preview.profit > 0 ? 'up' : preview.profit < 0 ? 'down' : 'flat'
  return (
    <div className={on ? 'stop-field stop-field-on' : 'stop-field'}>
      <div className="stop-field-head">
        <label className="stop-field-label" htmlFor={on ? id : undefined}>
          {label}
        </label>
        <TicketSwitch
          checked={on}
          onChange={onToggle}
          label={label}
          testId={`${testId}-check`}
          disabled={disabled}
        />
      </div>
      {on && (
        <div className="stop-field-body">
          <input
            id={id}
            className="order-input stop-input num"
            data-testid={testId}
            inputMode={points ? 'numeric' : 'decimal'}
            autoComplete="off"
            maxLength={points ? 9 : 20}
            placeholder={points ? t('ticket.pointsPlaceholder') : t('orderForm.stopPlaceholder')}
            aria-describedby={`${id}-preview`}
            value={text}
            onChange={(event) =>
              onChange(points ? event.target.value.replace(/\D/g, '') : decimalInput(event.target.value))
            }
          />
          <p
            className="stop-preview"
            id={`${id}-preview`}
            data-testid={`${testId}-preview`}
            aria-live="polite"
          >
            {problem !== null ? (
              <span className="stop-preview-problem change-down" data-testid={`${testId}-problem`}>
                {problem}
              </span>
            ) : (
              <>
                {preview.price === null ? (
                  <span className="stop-preview-level">{t('ticket.ifHit')}</span>
                ) : (
                  <span className="stop-preview-level num">
                    {points
                      ? formatPrice(preview.price, precision)
                      : t('ticket.pointsValue', { value: preview.points ?? 0 })}
                  </span>
                )}
                <span className={`stop-preview-profit num change-${direction}`} data-testid={`${testId}-pnl`}>
                  {preview.profit === null ? '--' : t('ticket.usd', { amount: profitText(preview.profit) })}
                </span>
              </>
            )}
          </p>
        </div>
      )}
    </div>
  )
}
