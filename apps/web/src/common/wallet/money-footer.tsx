import { useTranslation } from 'react-i18next'
import { PagedFooter } from '../components/paged-footer.tsx'

interface Props {
  hasMore: boolean
  loadMore: () => Promise<unknown>
}

/** The paged footer of the money lists (deposits, withdrawals, ledger) and of the alerts. */
export function MoneyFooter({ hasMore, loadMore }: Props) {
  const { t } = useTranslation()
  return (
    <PagedFooter
      hasMore={hasMore}
      loadMore={loadMore}
      endText={t('money.noMore')}
      retryClassName="money-icon-button"
    />
  )
}
