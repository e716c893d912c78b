import { Popup } from 'antd-mobile'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { focusWhenDrawn } from '../../../common/lib/focus-trap.ts'

interface Props {
  open: boolean
  options: readonly number[]
  value: number | null
  onChange: (value: number) => void
  onClose: () => void
}

/**
 * The leverage choices of the instrument; with none configured it says so (docs/product.md "Input rules"). Focus moves
 * to the chosen option when it opens; Escape closes it.
 */
export function LeveragePicker({ open, options, value, onChange, onClose }: Props) {
  const { t } = useTranslation()
  const list = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    if (!open) return
    const cancelFocus = focusWhenDrawn(
      () =>
        list.current?.querySelector<HTMLElement>('[aria-selected="true"]') ??
        list.current?.querySelector('button'),
    )
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      cancelFocus()
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="leverage-picker"
      destroyOnClose
    >
      <div ref={list} role="dialog" aria-modal="true" aria-label={t('orderForm.chooseLeverage')}>
        <h2 className="leverage-picker-title">{t('orderForm.chooseLeverage')}</h2>
        {options.length === 0 ? (
          <p className="leverage-picker-empty" data-testid="leverage-empty">
            {t('orderForm.noMultiples')}
          </p>
        ) : (
          <div className="leverage-options" role="listbox" aria-label={t('orderForm.leverage')}>
            {options.map((option) => (
              <button
                key={option}
                type="button"
                role="option"
                className="leverage-option num"
                aria-selected={option === value}
                data-testid={`leverage-option-${option}`}
                onClick={() => {
                  onChange(option)
                  onClose()
                }}
              >
                {option}x
              </button>
            ))}
          </div>
        )}
      </div>
    </Popup>
  )
}
