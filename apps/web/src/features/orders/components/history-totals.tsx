import type { HistoryTotals as Totals } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { formatAmount } from '../../../common/lib/money.ts'
import { useHistoryTotals } from '../hooks/use-history.ts'
import { formatProfit, profitDirection } from '../lib/deals.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'

/** The totals shown, in the order a trader reads them; each a signed USD amount as booked. */
const ROWS: { key: keyof Totals; label: string }[] = [
  { key: 'profit', label: 'history.profit' },
  { key: 'fees', label: 'history.fees' },
  { key: 'swaps', label: 'history.swaps' },
  { key: 'deposits', label: 'history.deposits' },
  { key: 'withdrawals', label: 'history.withdrawals' },
  { key: 'other', label: 'history.other' },
]

/** What the period booked, from the server's ledger sums: above the History list. */
export function HistoryTotals({ period }: { period: HistoryPeriod }) {
  const { t } = useTranslation()
  const totals = useHistoryTotals(period)
  if (totals.isPending) return <div className="history-totals history-totals-loading" aria-busy="true" />
  if (totals.isError) return <LoadFailed onRetry={() => void totals.refetch()} />
  const data = totals.data
  const signed = (value: string) => (
    <span className={`num change-${profitDirection(value)}`}>{formatProfit(value)}</span>
  )
  return (
    <section className="history-totals" data-testid="history-totals" aria-label={t('history.totals')}>
      <div className="history-net">
        <span>{t('history.net')}</span>
        <strong data-testid="history-net">{signed(data.net)}</strong>
      </div>
      <p className="history-balances">
        {t('history.balances', {
          opening: formatAmount(data.opening_balance, 2),
          closing: formatAmount(data.closing_balance, 2),
        })}
        {' · '}
        {t('history.orders', { count: data.trades })}
      </p>
      <dl className="history-grid">
        {ROWS.map(({ key, label }) => (
          <div key={key} className="history-cell" data-testid={`history-${key}`}>
            <dt>{t(label)}</dt>
            <dd>{signed(String(data[key]))}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
