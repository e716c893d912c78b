import type { Instrument } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { levelValues } from '../trading/stops.ts'
import { formatNumber } from '../market/number-format.ts'
import { isolated, Row } from './spec-row.tsx'

/**
 * Price protection and the house's limit on the spec sheet (decision 023): the stops level and freeze
 * level in points and as a price distance, and the most lots one account may hold on a side (no
 * row without a limit).
 */
export function SpecProtectionRows({ instrument, locale }: { instrument: Instrument; locale: string }) {
  const { t } = useTranslation()
  const level = (points: number) =>
    points > 0
      ? t('spec.levelPoints', {
          points: isolated(formatNumber(points, locale)),
          distance: isolated(levelValues(points, instrument.PricePrecision).distance),
        })
      : t('spec.levelNone')
  const maxLots = instrument.MaxAccountLots
  return (
    <>
      <Row label={t('spec.stopsLevel')} testId="spec-stops-level">
        {level(instrument.StopsLevel || 0)}
      </Row>
      <Row label={t('spec.freezeLevel')} testId="spec-freeze-level">
        {level(instrument.FreezeLevel || 0)}
      </Row>
      {typeof maxLots === 'number' && (
        <Row label={t('spec.maxAccountLots')} testId="spec-max-account-lots">
          {t('spec.maxAccountLotsValue', { lots: isolated(formatNumber(maxLots, locale)) })}
        </Row>
      )}
    </>
  )
}
