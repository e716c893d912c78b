import { Button } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { NoticeBell } from '../../../common/notices/notice-bell.tsx'
import { isDemoUser, useSession } from '../../../common/session/session-store.ts'
import { useUserInfo } from '../../../common/session/use-user-info.ts'
import { useRealAccountLink } from '../hooks/use-real-account-link.ts'
import { ResetDemoButton } from './reset-demo-button.tsx'
import { UserCard } from './user-card.tsx'
import { UserMenu } from './user-menu.tsx'

/**
 * /user: the signed-in user's card, deposit and withdraw, and the entries to every account screen;
 * the inbox's bell in the bar.
 */
export function UserCenterScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const open = useRealAccountLink()
  // Fresh balance on every visit.
  const info = useUserInfo({ refetchOnMount: 'always' })
  const user = useSession((state) => state.user)

  return (
    <Page title={t('pages.mine')} back={false} className="user-center" right={<NoticeBell />}>
      {user ? (
        <UserCard user={user} onOpen={() => navigate('/mine/history')} />
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <PageLoading />
      )}
      <div className="user-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          data-testid="user-deposit"
          onClick={() => open('/mine/charge', true)}
        >
          {t('user.deposit')}
        </Button>
        <Button
          block
          fill="outline"
          color="primary"
          shape="rounded"
          data-testid="user-withdraw"
          onClick={() => open('/mine/withdraw', true)}
        >
          {t('user.withdraw')}
        </Button>
      </div>
      {isDemoUser(user) && <ResetDemoButton />}
      <UserMenu />
    </Page>
  )
}
