import { Popup } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

interface Props {
  open: boolean
  options: readonly number[]
  value: number | null
  onChange: (value: number) => void
  onClose: () => void
}

/** The leverage choices of the instrument; with none configured it says so (SPEC.md 5). */
export function LeveragePicker({ open, options, value, onChange, onClose }: Props) {
  const { t } = useTranslation()
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="leverage-picker"
      destroyOnClose
    >
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
    </Popup>
  )
}
