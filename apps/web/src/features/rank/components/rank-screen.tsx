import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../../../shared/components/coming-soon.tsx'

/** Placeholder until the rank issue lands; it shows no data rather than invented data. */
export function RankScreen() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.rank')} back={false} />
}
