import type { ProfitPoint } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { formatAmount } from '../../../common/lib/money.ts'
import { equityGeometry } from '../lib/equity-chart.ts'

const WIDTH = 320
const HEIGHT = 96
/** Room above and below the line for the highest and lowest profit labels. */
const LABEL_ROOM = 16

/** The window's cumulative net trading profit as a small line chart (an inline SVG; no chart library). */
export function EquityChart({ points }: { points: readonly ProfitPoint[] }) {
  const { t } = useTranslation()
  const chart = equityGeometry(points, WIDTH, HEIGHT, LABEL_ROOM)
  if (!chart) return <p className="rank-muted">{t('rank.noEquity')}</p>
  const tone = chart.falling ? 'fall' : 'rise'
  return (
    <figure className="rank-equity" data-testid="rank-equity">
      {/* Time runs left to right in every language, as on the market charts. */}
      <div className="rank-equity-frame" dir="ltr">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('rank.equityCurve')}
          className={`rank-equity-svg rank-equity-${tone}`}
        >
          <path d={chart.area} className="rank-equity-area" />
          <polyline points={chart.line} className="rank-equity-line" vectorEffect="non-scaling-stroke" />
        </svg>
        <span className="rank-equity-max num">{formatAmount(chart.max.toFixed(2))}</span>
        {chart.min !== chart.max && (
          <span className="rank-equity-min num">{formatAmount(chart.min.toFixed(2))}</span>
        )}
      </div>
      <figcaption className="rank-equity-dates" dir="ltr">
        <span className="num">{points[0]?.date}</span>
        <span className="num">{points.at(-1)?.date}</span>
      </figcaption>
    </figure>
  )
}
