import type { WithdrawRecord } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { formatAmount } from '../../../common/lib/money.ts'

/** A payout is shown exactly as sent ('0.00634255' BTC keeps its 8 decimals; 2 at least). */
const decimalsOf = (text: string) => Math.max(2, text.split('.')[1]?.length ?? 0)
import { currencyLabel } from '../../../common/wallet/wallet-api.ts'
import { MoneyFooter } from '../../../common/wallet/money-footer.tsx'
import { useWithdrawals } from '../hooks/use-withdrawals.ts'

function RecordRow({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation()
  return (
    <li className="money-card" data-testid="withdraw-record">
      <div className="money-card-body">
        <div className="money-card-title num">{formatAmount(record.number)} USD</div>
        <div className="money-card-line" data-testid="withdraw-record-method">
          {t(record.type === 2 ? 'money.bankTab' : 'money.coinTab')}
        </div>
        <div className="money-card-line">
          {t('withdraw.received')}:{' '}
          <span className="num">
            {formatAmount(record.real_number, decimalsOf(record.real_number))}{' '}
            {currencyLabel(record.draw_currency)}
          </span>
        </div>
        <div className="money-card-line">
          {t('withdraw.fee')}: <span className="num">{formatAmount(record.fee)} USD</span>
        </div>
        <div className="money-card-line num">{record.type === 1 ? record.address : record.payee_account}</div>
        {record.notes && <div className="money-card-line">{record.notes}</div>}
        <time className="money-card-line" dateTime={isoTime(record.created_at)}>
          {formatDateTime(record.created_at)}
        </time>
      </div>
      <span className={`money-status-${record.status}`} data-testid="withdraw-status">
        {record.status_name}
      </span>
    </li>
  )
}

/** Every withdrawal, coin and bank on one list (each row names its method), newest first, paged. */
export function WithdrawRecords() {
  const { t } = useTranslation()
  const records = useWithdrawals()
  let body
  if (records.isPending) body = <PageLoading />
  else if (records.isError && !records.data) body = <LoadFailed onRetry={() => void records.refetch()} />
  else {
    const rows = records.data.pages.flatMap((page) => page.data)
    body =
      rows.length === 0 ? (
        <p className="list-empty" data-testid="withdraw-records-empty">
          {t('money.noRecords')}
        </p>
      ) : (
        <>
          <ul className="money-cards" data-testid="withdraw-records">
            {rows.map((record) => (
              <RecordRow key={record.id} record={record} />
            ))}
          </ul>
          <MoneyFooter hasMore={records.hasNextPage} loadMore={() => records.fetchNextPage()} />
        </>
      )
  }
  return (
    <section>
      <h2 className="money-records-title">{t('withdraw.records')}</h2>
      {body}
    </section>
  )
}
