import type { Instrument } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { marketZoneName, shownHolidays } from '../market/market-calendar.ts'
import { Row } from './spec-row.tsx'

interface Props {
  instrument: Instrument
  locale: string
  nowMs: number
}

/**
 * The market's calendar on the spec sheet (decision 022): the time zone it keeps its hours in, and
 * the coming 30 days that trade other hours than its week (closed, or the hours in the reader's zone).
 */
export function SpecCalendarRows({ instrument, locale, nowMs }: Props) {
  const { t } = useTranslation()
  const holidays = shownHolidays(instrument.Holidays, locale)
  return (
    <>
      {instrument.TimeZone && (
        <Row label={t('spec.timeZone')} testId="spec-time-zone">
          {marketZoneName(instrument.TimeZone, locale, nowMs)}
        </Row>
      )}
      {holidays.length > 0 && (
        <Row label={t('spec.holidays')} testId="spec-holidays" block>
          <ul className="spec-lines">
            {holidays.map((holiday) => (
              <li key={`${holiday.date}-${holiday.name}`} className="spec-holiday" data-testid="spec-holiday">
                <span className="spec-holiday-day">
                  <bdi className="spec-time">{holiday.date}</bdi> <bdi>{holiday.name}</bdi>
                </span>
                <span className="spec-holiday-hours">
                  {holiday.hours === null
                    ? t('spec.holidayClosed')
                    : holiday.hours.map((window) => (
                        <span key={`${window.from}-${window.to}`} className="spec-time">
                          <bdi>{window.from}</bdi> – <bdi>{window.to}</bdi>
                        </span>
                      ))}
                </span>
              </li>
            ))}
          </ul>
        </Row>
      )}
    </>
  )
}
