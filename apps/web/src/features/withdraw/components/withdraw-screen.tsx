import { Tabs } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Page } from '../../../common/components/page.tsx'
import type { WithdrawTab } from '../api/withdraw-api.ts'
import { WithdrawForm } from './withdraw-form.tsx'
import { WithdrawRecords } from './withdraw-records.tsx'
import '../../../common/wallet/money.css'

/** `?tab=2` opens the bank tab; the coin tab otherwise. */
function tabOf(value: string | null): WithdrawTab {
  return value === '2' ? 2 : 1
}

/** /mine/withdraw: tabs coin and bank, each with its form, and every withdrawal paged under them (docs/product.md "Screens"). */
export function WithdrawScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab = tabOf(params.get('tab'))
  return (
    <Page title={t('pages.withdraw')} backTo="/user">
      <Tabs activeKey={String(tab)} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab title={t('money.coinTab')} key="1" data-testid="withdraw-tab-coin" />
        <Tabs.Tab title={t('money.bankTab')} key="2" data-testid="withdraw-tab-bank" />
      </Tabs>
      {/* Keyed by tab: switching starts a clean form, as the two tabs share no choice. */}
      <WithdrawForm key={`form-${tab}`} type={tab} />
      <WithdrawRecords />
    </Page>
  )
}
