import type { LedgerRecord } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { PullToRefresh } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { HistoryPeriodBar } from '../../../common/history/history-period-bar.tsx'
import { useHistoryPeriod } from '../../../common/history/use-history-period.ts'
import { formatDateTime, isoTime } from '../../../common/lib/datetime.ts'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { formatAmount } from '../../../common/lib/money.ts'
import { MONEY_BALANCE_QUERY } from '../../../common/wallet/wallet-api.ts'
import { BalanceCard } from '../../../common/wallet/balance-card.tsx'
import { MoneyFooter } from '../../../common/wallet/money-footer.tsx'
import { LEDGER_QUERY } from '../api/ledger-api.ts'
import { useLedger } from '../hooks/use-ledger.ts'
import { heldText, ledgerDescription } from '../lib/ledger-text.ts'
import '../../../common/wallet/money.css'
import './ledger.css'

/** Pull-to-refresh closes 0.5 s after the refresh is done (docs/product.md "Limits"). */
const COMPLETE_DELAY_MS = 500

function LedgerRow({ record }: { record: LedgerRecord }) {
  const { t } = useTranslation()
  const negative = record.Value.trim().startsWith('-')
  // A withdrawal's hold or release moves frozen money, not the balance: say so, not "+0.00".
  const frozen = heldText(record)
  return (
    <li className="money-card" data-testid="ledger-row">
      <div className="money-card-body">
        <div className="money-card-title">{ledgerDescription(record)}</div>
        <time className="money-card-line" dateTime={isoTime(record.CreatedAtTran)}>
          {formatDateTime(record.CreatedAtTran)}
        </time>
      </div>
      {frozen ? (
        <span className="num money-status-0" data-testid="ledger-value">
          {t(frozen.key, { amount: formatAmount(frozen.amount) })}
        </span>
      ) : (
        <span className={negative ? 'num money-status-2' : 'num money-status-1'} data-testid="ledger-value">
          {negative ? '' : '+'}
          {formatAmount(record.Value)}
        </span>
      )}
    </li>
  )
}

/**
 * /mine/history: available and frozen USD, then the ledger of a period (the last 30 days unless
 * another is picked, kept in the address as the History tab's), paged, with pull-to-refresh (which
 * starts again from page 1 and closes 0.5 s after it is done, docs/product.md "Limits"). antd-mobile's own
 * PullToRefresh: this screen is loaded apart, and sharing the light one of the home screen would
 * split it into a chunk of its own, which the first load would pay for.
 */
export function HistoryScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { preset, period } = useHistoryPeriod()
  const ledger = useLedger(period)
  const [refreshFailed, setRefreshFailed] = useState(false)

  async function refresh() {
    setRefreshFailed(false)
    await Promise.all([
      queryClient.resetQueries({ queryKey: [LEDGER_QUERY] }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: [MONEY_BALANCE_QUERY] }),
    ]).catch(() => setRefreshFailed(true))
  }

  let body
  if (ledger.isPending) body = <PageLoading />
  else if (ledger.isError && !ledger.data) body = <LoadFailed onRetry={() => void ledger.refetch()} />
  else {
    const rows = ledger.data.pages.flatMap((page) => page.list)
    body =
      rows.length === 0 ? (
        <p className="list-empty" data-testid="ledger-empty">
          {t('money.noRecordsInPeriod')}
        </p>
      ) : (
        <>
          <ul className="money-cards" data-testid="ledger-list">
            {rows.map((record) => (
              <LedgerRow key={record.Id} record={record} />
            ))}
          </ul>
          <MoneyFooter hasMore={ledger.hasNextPage} loadMore={() => ledger.fetchNextPage()} />
        </>
      )
  }

  return (
    <Page title={t('pages.history')} backTo="/user">
      <PullToRefresh
        onRefresh={refresh}
        completeDelay={COMPLETE_DELAY_MS}
        pullingText={t('market.pullToRefresh')}
        canReleaseText={t('market.releaseToRefresh')}
        refreshingText={t('market.refreshing')}
        completeText={refreshFailed ? t('market.refreshFailed') : t('market.refreshed')}
      >
        <BalanceCard />
        <div className="ledger-period">
          <HistoryPeriodBar preset={preset} period={period} />
        </div>
        {body}
      </PullToRefresh>
    </Page>
  )
}
