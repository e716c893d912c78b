import { useTranslation } from 'react-i18next'
import { CHART_TYPES, type ChartType } from '../lib/chart-prefs.ts'

interface Props {
  type: ChartType
  onType(type: ChartType): void
  onIndicators(): void
  onLines(): void
  fullscreen: boolean
  onFullscreen(): void
}

/** Small drawings of each chart type, in the text colour (currentColor). */
const TYPE_ICONS: Record<ChartType, string> = {
  candles: 'M5 3v3M5 14v3M3 6h4v8H3zM13 2v4M13 12v6M11 6h4v6h-4z',
  bars: 'M5 3v14M2 6h3M5 13h3M13 3v14M10 12h3M13 5h3',
  line: 'M2 15l5-6 4 3 7-9',
  area: 'M2 15l5-6 4 3 7-9v15H2z',
}

/** Chart type (a segmented control), indicators, drawn lines and full screen, above the chart. */
export function ChartToolbar({ type, onType, onIndicators, onLines, fullscreen, onFullscreen }: Props) {
  const { t } = useTranslation()
  return (
    <div className="chart-toolbar" role="toolbar" aria-label={t('chart.tools')}>
      <div className="chart-types" role="radiogroup" aria-label={t('chart.type')}>
        {CHART_TYPES.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === type}
            aria-label={t(`chart.types.${option}`)}
            title={t(`chart.types.${option}`)}
            className="chart-tool"
            data-testid={`chart-type-${option}`}
            onClick={() => onType(option)}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path
                d={TYPE_ICONS[option]}
                fill={option === 'area' ? 'currentColor' : 'none'}
                fillOpacity={option === 'area' ? 0.25 : undefined}
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        ))}
      </div>
      <button
        type="button"
        className="chart-tool chart-tool-text"
        data-testid="chart-indicators"
        onClick={onIndicators}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M2 14c3-6 5-6 8-2s5 3 8-5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M2 17h16" stroke="currentColor" strokeWidth="1.2" />
        </svg>
        <span>{t('chart.indicators')}</span>
      </button>
      <button
        type="button"
        className="chart-tool"
        data-testid="chart-lines"
        aria-label={t('chart.lines')}
        title={t('chart.lines')}
        onClick={onLines}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M2 6h16M3 17L17 9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="3" cy="17" r="1.6" fill="currentColor" />
          <circle cx="17" cy="9" r="1.6" fill="currentColor" />
        </svg>
      </button>
      <button
        type="button"
        className="chart-tool"
        data-testid="chart-fullscreen"
        aria-pressed={fullscreen}
        aria-label={t(fullscreen ? 'chart.exitFullscreen' : 'chart.fullscreen')}
        title={t(fullscreen ? 'chart.exitFullscreen' : 'chart.fullscreen')}
        onClick={onFullscreen}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path
            d={
              fullscreen ? 'M7 2v5H2M13 2v5h5M7 18v-5H2M13 18v-5h5' : 'M2 7V2h5M18 7V2h-5M2 13v5h5M18 13v5h-5'
            }
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
      </button>
    </div>
  )
}
