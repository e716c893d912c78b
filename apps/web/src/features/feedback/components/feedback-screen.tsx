import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../../../common/components/coming-soon.tsx'

/** Placeholder until the feedback issue lands; it shows no data rather than invented data. */
export function FeedbackScreen() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.feedback')} />
}
