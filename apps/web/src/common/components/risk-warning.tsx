import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { fetchRiskWarning, RISK_WARNING_QUERY } from '../legal/legal-api.ts'
import './risk-warning.css'

/** The figure changes once an hour on the server: asked again at most every half hour. */
const STALE_MS = 30 * 60_000

/**
 * The risk warning of every screen that offers to trade (issue 26, decision 045), as retail CFD
 * brokers show it: the share of the platform's real accounts that lost money over the last 12
 * months, computed by the server from their closed trades, or the warning without a figure while
 * there is none. Its box keeps its height while the figure loads (no layout shift). Its texts are
 * in the `trading` message part.
 */
export function RiskWarning() {
  const { t } = useTranslation()
  const warning = useQuery({
    queryKey: [RISK_WARNING_QUERY],
    queryFn: ({ signal }) => fetchRiskWarning(signal),
    staleTime: STALE_MS,
  }).data
  const percent = warning?.percent ?? null
  const withFigure = <span key="figure">{t('risk.warning', { percent: percent ?? 88 })}</span>
  const without = <span key="none">{t('risk.warningNoFigure')}</span>
  // Both texts take the same cell, the one not shown hidden: the box is as tall as the taller from
  // the first paint, so the figure's arrival moves nothing below it.
  const [shown, spare] = percent === null ? [without, withFigure] : [withFigure, without]
  return (
    <p className="risk-warning" data-testid="risk-warning" data-percent={percent ?? ''}>
      {shown}
      <span className="risk-warning-spare" aria-hidden="true">
        {spare}
      </span>
    </p>
  )
}
