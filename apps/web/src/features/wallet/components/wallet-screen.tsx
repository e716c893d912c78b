import { List } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../common/components/page.tsx'
import { BalanceCard } from '../../../common/wallet/balance-card.tsx'
import '../../../common/wallet/money.css'
import { PressableList } from '../../../common/components/pressable-list.tsx'

/** /mine/wallet: the balance, then the saved bank cards and coin addresses (docs/product.md "Screens"). */
export function WalletScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Page title={t('pages.wallet')} backTo="/user">
      <BalanceCard />
      <PressableList>
        <List className="money-section">
          <List.Item data-testid="wallet-coin-addresses" onClick={() => navigate('/mine/coin-address-list')}>
            {t('pages.coinAddresses')}
          </List.Item>
          <List.Item data-testid="wallet-bank-cards" onClick={() => navigate('/mine/bank-card-list')}>
            {t('pages.bankCards')}
          </List.Item>
        </List>
      </PressableList>
    </Page>
  )
}
