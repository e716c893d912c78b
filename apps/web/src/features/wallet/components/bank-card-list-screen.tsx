import { PayoutType } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { PayoutMethodList } from './payout-method-list.tsx'

/** /mine/bank-card-list: the saved bank accounts. */
export function BankCardListScreen() {
  const { t } = useTranslation()
  return <PayoutMethodList type={PayoutType.Bank} title={t('pages.bankCards')} />
}
