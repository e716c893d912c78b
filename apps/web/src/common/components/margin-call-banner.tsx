import { useTranslation } from 'react-i18next'
import { marginCallWarning, percentText, useMarginCall } from '../trading/margin-call.ts'
import { WarningIcon } from './icons.tsx'
import './margin-call-banner.css'

/**
 * The margin-call warning (issue 8, part 2): shown while the account's margin level, from
 * FOREX_TRADE or MARGIN_CALL, is below the margin-call level, and gone once it is back at or above
 * it or no margin is used. Nothing is drawn otherwise. Its texts are in the `trading` message part,
 * which every screen that shows it loads.
 */
export function MarginCallBanner() {
  const { t } = useTranslation()
  // Three numbers, selected one by one: the once-a-second updates re-render only when one changes.
  const level = useMarginCall((state) => state.level)
  const marginCallLevel = useMarginCall((state) => state.marginCallLevel)
  const stopOutLevel = useMarginCall((state) => state.stopOutLevel)
  const warning = marginCallWarning({ level, marginCallLevel, stopOutLevel })
  if (!warning) return null
  return (
    <div className="margin-call-banner" role="alert" data-testid="margin-call-banner">
      <WarningIcon className="margin-call-icon" />
      <p>
        {t('marginCall.warning', {
          level: percentText(warning.level),
          stopOut: percentText(warning.stopOutLevel),
        })}
      </p>
    </div>
  )
}
