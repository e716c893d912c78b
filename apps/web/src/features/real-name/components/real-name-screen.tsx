import { useQueryClient } from '@tanstack/react-query'
import { ReviewStatus } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { IDENTITY_CENTER_QUERY } from '../api/identity-api.ts'
import { useIdentityCenter } from '../hooks/use-identity-center.ts'
import { IdentityForm } from './identity-form.tsx'
import { IdentityReview } from './identity-review.tsx'
import { RejectedNotice } from './rejected-notice.tsx'
import './real-name.css'

/**
 * /mine/auth: the form (both sides of the ID, name, ID number) until a check is submitted, then the
 * check read-only, waiting or finished. A rejected check shows the staff's reason and the form again.
 */
export function RealNameScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const center = useIdentityCenter()

  let content
  if (center.isPending) content = <PageLoading />
  else if (center.isError) content = <LoadFailed onRetry={() => void center.refetch()} />
  else if (center.data.review_status !== ReviewStatus.NotSubmitted)
    content = <IdentityReview check={center.data} />
  else
    content = (
      <>
        {center.data.reject_reason && <RejectedNotice reason={center.data.reject_reason} />}
        <IdentityForm
          initialName={center.data.name}
          onSubmitted={() => void queryClient.invalidateQueries({ queryKey: [IDENTITY_CENTER_QUERY] })}
        />
      </>
    )

  return (
    <Page title={t('pages.realName')} backTo="/user" className="identity-page">
      {content}
    </Page>
  )
}
