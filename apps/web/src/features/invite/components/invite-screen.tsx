import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useInviteInfo } from '../hooks/use-invite-info.ts'
import { InviteCard } from './invite-card.tsx'
import './invite.css'

/** /mine/invite: the code, a QR code of the link, the links with copy buttons, and who joined. */
export function InviteScreen() {
  const { t } = useTranslation()
  const info = useInviteInfo()

  let content
  if (info.isPending) content = <PageLoading />
  else if (info.isError) content = <LoadFailed onRetry={() => void info.refetch()} />
  else content = <InviteCard info={info.data} />

  return (
    <Page title={t('pages.invite')} backTo="/user" className="invite-page">
      {content}
    </Page>
  )
}
