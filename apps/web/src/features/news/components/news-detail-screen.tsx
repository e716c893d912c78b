import { useTranslation } from 'react-i18next'
import { ComingSoon } from '../../../shared/components/coming-soon.tsx'

/** Placeholder until the news issue lands; it shows no data rather than invented data. */
export function NewsDetailScreen() {
  const { t } = useTranslation()
  return <ComingSoon title={t('pages.newsDetail')} />
}
