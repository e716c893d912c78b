import type { BalanceAnswer, ForexTradeMessage } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { MarginCallBanner } from '../../../common/components/margin-call-banner.tsx'
import { marginCallWarning, useMarginCall } from '../../../common/trading/margin-call.ts'
import { accountFigures, profitDirection } from '../lib/deals.ts'

interface Props {
  balance: BalanceAnswer | undefined
  live: ForexTradeMessage | null
}

/** Balance, equity, margin, free margin, margin level and floating profit, in USD (docs/product.md "Records" and "Limits"). */
export function AccountSummary({ balance, live }: Props) {
  const { t } = useTranslation()
  const figures = accountFigures(balance, live)
  const inMarginCall = useMarginCall((state) => marginCallWarning(state) !== null)
  const profit = live?.ProfitsTotal ?? balance?.profit ?? '0'
  const cells = [
    { key: 'balance', label: t('account.balance'), value: figures.balance, testId: 'account-balance' },
    { key: 'equity', label: t('account.equity'), value: figures.equity, testId: 'account-equity' },
    { key: 'margin', label: t('account.margin'), value: figures.margin, testId: 'account-margin' },
    { key: 'free', label: t('account.freeMargin'), value: figures.freeMargin, testId: 'account-free-margin' },
    { key: 'level', label: t('account.marginLevel'), value: figures.level, testId: 'account-level' },
    { key: 'profit', label: t('account.profit'), value: figures.profit, testId: 'account-profit' },
  ]
  const cellClass = (key: string) => {
    if (key === 'profit') return `num change-${profitDirection(profit)}`
    return key === 'level' && inMarginCall ? 'num level-warning' : 'num'
  }
  return (
    <section className="account-summary" aria-label={t('account.title')}>
      <h2 className="account-summary-title">{t('account.title')}</h2>
      <MarginCallBanner />
      <dl className="account-grid">
        {cells.map((cell) => (
          <div
            key={cell.key}
            className={cell.key === 'balance' ? 'account-cell account-cell-main' : 'account-cell'}
          >
            <dt>{cell.label}</dt>
            <dd>
              <span className={cellClass(cell.key)} data-testid={cell.testId}>
                {cell.value}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
