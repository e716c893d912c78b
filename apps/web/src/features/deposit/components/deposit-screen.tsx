import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../../../shared/components/coming-soon.tsx'

/** Placeholder until the deposit issue lands; it shows no data rather than invented data. */
export function DepositScreen() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.deposit')} />
}
