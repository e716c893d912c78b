import { PERIODS, type Period } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { PERIOD_LABEL_KEYS } from '../lib/periods.ts'

interface Props {
  value: Period
  onChange: (period: Period) => void
}

/** 1M 5M 15M 30M 1H 4H 1D 1W MN: the candle period of the chart. */
export function PeriodBar({ value, onChange }: Props) {
  const { t } = useTranslation()
  return (
    <div className="period-bar" role="toolbar" aria-label={t('trade.period')}>
      {PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          className="period-button"
          aria-pressed={period === value}
          data-testid={`period-${period}`}
          onClick={() => onChange(period)}
        >
          {t(PERIOD_LABEL_KEYS[period])}
        </button>
      ))}
    </div>
  )
}
