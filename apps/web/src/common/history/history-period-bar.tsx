import { MAX_HISTORY_DAYS } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  customPeriod,
  dateValue,
  PERIOD_PRESETS,
  type HistoryPeriod,
  type PeriodPreset,
} from './history-period.ts'
import './history-period.css'

const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'history.today',
  '7d': 'history.days7',
  '30d': 'history.days30',
  custom: 'history.custom',
}

interface Props {
  preset: PeriodPreset
  period: HistoryPeriod
}

/**
 * A history's period: today, the last 7 or 30 days, or two days picked (both included). The choice
 * goes into the address (`period`, `from`, `to`, the address's other parameters kept), which the
 * screen's list and totals read (useHistoryPeriod).
 */
export function HistoryPeriodBar({ preset, period }: Props) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const [editing, setEditing] = useState(preset === 'custom')
  const [fromDay, setFromDay] = useState(() => dateValue(period.from))
  const [toDay, setToDay] = useState(() => dateValue(period.to - 1))
  const [error, setError] = useState<string | null>(null)

  const go = (next: Record<string, string>) => {
    const kept = new URLSearchParams(params)
    for (const name of ['period', 'from', 'to']) kept.delete(name)
    for (const [name, value] of Object.entries(next)) kept.set(name, value)
    setParams(kept, { replace: true })
  }
  const choose = (next: PeriodPreset) => {
    setError(null)
    if (next === 'custom') {
      setEditing(true)
      return
    }
    setEditing(false)
    go({ period: next })
  }
  const apply = () => {
    const custom = customPeriod(fromDay, toDay)
    if (custom === 'invalid') return setError(t('history.rangeInvalid'))
    if (custom === 'too_long') return setError(t('history.rangeTooLong', { days: MAX_HISTORY_DAYS }))
    setError(null)
    go({ period: 'custom', from: fromDay, to: toDay })
  }
  const today = dateValue(Date.now())

  return (
    <div className="history-period" data-testid="history-period">
      <div className="history-presets" role="group" aria-label={t('history.period')}>
        {PERIOD_PRESETS.map((value) => (
          <button
            key={value}
            type="button"
            className="history-button history-preset"
            aria-pressed={value === 'custom' ? editing : !editing && value === preset}
            data-testid={`history-preset-${value}`}
            onClick={() => choose(value)}
          >
            {t(PRESET_LABELS[value])}
          </button>
        ))}
      </div>
      {editing && (
        <div className="history-custom">
          <label className="history-date">
            <span>{t('history.from')}</span>
            <input
              type="date"
              value={fromDay}
              max={today}
              data-testid="history-from"
              onChange={(event) => setFromDay(event.target.value)}
            />
          </label>
          <label className="history-date">
            <span>{t('history.to')}</span>
            <input
              type="date"
              value={toDay}
              max={today}
              data-testid="history-to"
              onChange={(event) => setToDay(event.target.value)}
            />
          </label>
          <button
            type="button"
            className="history-button history-apply"
            data-testid="history-apply"
            onClick={apply}
          >
            {t('history.apply')}
          </button>
          {error && (
            <p className="history-error" role="alert" data-testid="history-error">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
