import { useQueryClient } from '@tanstack/react-query'
import { Tabs } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { DEPOSITS_QUERY, type DepositTab } from '../api/deposit-api.ts'
import { useBankCurrencies, useCoinChannels } from '../hooks/use-deposits.ts'
import { BankDepositForm } from './bank-deposit-form.tsx'
import { CoinDepositForm } from './coin-deposit-form.tsx'
import { DepositRecords } from './deposit-records.tsx'
import '../../../common/wallet/money.css'

/**
 * `?tab=1` opens the bank tab, `?tab=0` the coin tab; without one, the coin tab when staff have set
 * a coin address, else the bank tab (a fresh install has none: seed-deposit-channels.ts).
 */
function tabOf(value: string | null, coinsOpen: boolean): DepositTab {
  if (value === '1' || value === '0') return value === '1' ? 1 : 0
  return coinsOpen ? 0 : 1
}

/**
 * /mine/charge: tabs coin and bank transfer, each with its form (amount, one proof image), and the
 * paged history of every deposit under them (docs/product.md "Screens"). After a submit the form
 * clears and the history reloads from page 1.
 */
export function DepositScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const channels = useCoinChannels()
  const tab = tabOf(params.get('tab'), channels.data === undefined || channels.data.length > 0)
  const currencies = useBankCurrencies()
  const source = tab === 0 ? channels : currencies
  const reload = () => void queryClient.resetQueries({ queryKey: [DEPOSITS_QUERY] })

  let form
  if (source.isPending) form = <PageLoading />
  else if (source.isError) form = <LoadFailed onRetry={() => void source.refetch()} />
  else if (tab === 0) form = <CoinDepositForm channels={channels.data ?? []} onDone={reload} />
  else form = <BankDepositForm currencies={currencies.data ?? []} onDone={reload} />

  return (
    <Page title={t('pages.deposit')} backTo="/user">
      <Tabs activeKey={String(tab)} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab title={t('money.coinTab')} key="0" />
        <Tabs.Tab title={t('money.bankTab')} key="1" />
      </Tabs>
      <div key={`form-${tab}`}>{form}</div>
      <DepositRecords />
    </Page>
  )
}
