import type { PeriodPreset, HistoryPeriod } from '../../../common/history/history-period.ts'
import { HistoryPeriodBar } from '../../../common/history/history-period-bar.tsx'
import { HistoryTotals } from './history-totals.tsx'
import { StatementDownload } from './statement-download.tsx'
import './history.css'

/** Above the History list: the period, its totals and its statement (issue 25). */
export function HistoryPanel({ preset, period }: { preset: PeriodPreset; period: HistoryPeriod }) {
  return (
    <div className="history-panel">
      <HistoryPeriodBar preset={preset} period={period} />
      <HistoryTotals period={period} />
      <StatementDownload period={period} />
    </div>
  )
}
