import { PayoutType } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { PayoutMethodList } from './payout-method-list.tsx'

/** /mine/coin-address-list: the saved coin addresses. */
export function CoinAddressListScreen() {
  const { t } = useTranslation()
  return <PayoutMethodList type={PayoutType.Coin} title={t('pages.coinAddresses')} />
}
