import { useTranslation } from 'react-i18next'
import { formatAmount } from '../lib/money.ts'
import { useMoneyBalance } from './use-wallet.ts'

/**
 * USD available, what can be withdrawn now (free margin within the balance) and frozen (held for
 * withdrawals under review), as `getBalance` answers them.
 */
export function BalanceCard() {
  const { t } = useTranslation()
  const balance = useMoneyBalance()
  return (
    <div className="money-balance" data-testid="money-balance">
      <div className="money-balance-item">
        <div className="money-balance-label">{t('wallet.available')}</div>
        <div className="money-balance-value num" data-testid="balance-available">
          {formatAmount(balance.data?.balance)}
        </div>
      </div>
      <div className="money-balance-item">
        <div className="money-balance-label">{t('wallet.withdrawable')}</div>
        <div className="money-balance-value num" data-testid="balance-withdrawable">
          {formatAmount(balance.data?.withdrawable)}
        </div>
      </div>
      <div className="money-balance-item">
        <div className="money-balance-label">{t('wallet.frozen')}</div>
        <div className="money-balance-value num" data-testid="balance-frozen">
          {formatAmount(balance.data?.lock_balance)}
        </div>
      </div>
    </div>
  )
}
