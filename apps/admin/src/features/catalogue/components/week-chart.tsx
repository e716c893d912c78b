import { Tooltip } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { SessionRow } from '../lib/instrument-form.ts'
import { MINUTES_PER_DAY, clockText, fromPoint } from '../lib/sessions.ts'

const HOURS = [0, 6, 12, 18, 24]

/** The week at a glance: one bar per day of the market's zone, filled where the market is open. */
export function WeekChart({ rows, zone }: { rows: readonly SessionRow[]; zone: string }) {
  const t = useT()
  const windows = rows
    .map((row) => ({ from: fromPoint(row.from), to: fromPoint(row.to) }))
    .filter(
      (w): w is { from: number; to: number } => w.from !== undefined && w.to !== undefined && w.from < w.to,
    )
  return (
    <div
      data-testid="week-chart"
      style={{ display: 'grid', gridTemplateColumns: '72px 1fr', rowGap: 4, fontSize: 12 }}
    >
      {([0, 1, 2, 3, 4, 5, 6] as const).map((day) => {
        const start = day * MINUTES_PER_DAY
        const end = start + MINUTES_PER_DAY
        const parts = windows
          .filter((w) => w.from < end && w.to > start)
          .map((w) => ({ from: Math.max(w.from, start) - start, to: Math.min(w.to, end) - start }))
        return [
          <span key={`label-${day}`} style={{ color: '#555' }}>
            {t(`catalogue.day.${day}`)}
          </span>,
          <div
            key={`bar-${day}`}
            style={{ position: 'relative', height: 14, background: '#f0f0f0', borderRadius: 3 }}
          >
            {parts.map((part, i) => (
              <Tooltip key={i} title={`${clockText(part.from)}–${clockText(part.to)} ${zone}`}>
                <div
                  style={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    left: `${(part.from / MINUTES_PER_DAY) * 100}%`,
                    width: `${((part.to - part.from) / MINUTES_PER_DAY) * 100}%`,
                    background: '#52c41a',
                    borderRadius: 3,
                  }}
                />
              </Tooltip>
            ))}
          </div>,
        ]
      })}
      <span />
      <div style={{ display: 'flex', justifyContent: 'space-between', color: '#888' }}>
        {HOURS.map((hour) => (
          <span key={hour}>{`${String(hour).padStart(2, '0')}:00`}</span>
        ))}
      </div>
    </div>
  )
}
