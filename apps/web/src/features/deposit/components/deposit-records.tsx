import type { DepositRecord } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { formatAmount } from '../../../common/lib/money.ts'
import { MoneyFooter } from '../../../common/wallet/money-footer.tsx'
import { useDeposits } from '../hooks/use-deposits.ts'

/** Deposit statuses (docs/product.md "Records"): 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
const STATUS: Record<DepositRecord['status'], string> = {
  0: 'deposit.status0',
  1: 'deposit.status1',
  2: 'deposit.status2',
  3: 'deposit.status3',
}

function RecordRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation()
  return (
    <li className="money-card" data-testid="deposit-record">
      <div className="money-card-body">
        <div className="money-card-title num">{formatAmount(record.number)} USD</div>
        <div className="money-card-line" data-testid="deposit-record-method">
          {t(record.type === 1 ? 'money.bankTab' : 'money.coinTab')}
          {record.currency_code && ` · ${record.currency_code}`}
        </div>
        {record.remark && <div className="money-card-line">{record.remark}</div>}
        <time className="money-card-line" dateTime={isoTime(record.created_at)}>
          {formatDateTime(record.created_at)}
        </time>
      </div>
      <span className={`money-status-${record.status}`} data-testid="deposit-status">
        {t(STATUS[record.status])}
      </span>
    </li>
  )
}

/**
 * Every deposit, coin and bank on one list (each row names its method), newest first, paged until
 * the rows loaded reach the total: a bank deposit is not hidden behind the coin tab.
 */
export function DepositRecords() {
  const { t } = useTranslation()
  const records = useDeposits()
  let body
  if (records.isPending) body = <PageLoading />
  else if (records.isError && !records.data) body = <LoadFailed onRetry={() => void records.refetch()} />
  else {
    const rows = records.data.pages.flatMap((page) => page.data)
    body =
      rows.length === 0 ? (
        <p className="list-empty">{t('money.noRecords')}</p>
      ) : (
        <>
          <ul className="money-cards" data-testid="deposit-records">
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
      <h2 className="money-records-title">{t('deposit.records')}</h2>
      {body}
    </section>
  )
}
