import { useQuery } from '@tanstack/react-query'
import { Alert, Badge, Button, Drawer, Space, Spin, Tabs } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { USER_REFRESH_MS, usersApi } from '../api/users-api.ts'
import { LedgerTable } from './ledger-table.tsx'
import { OrdersTables } from './orders-tables.tsx'
import { UserActions } from './user-actions.tsx'
import { UserProfile } from './user-profile.tsx'
import { DemoTag, DisabledTag, IdentityTag } from '../../../common/components/user-tags.tsx'

/** One user's profile: read again every few seconds while open (live profit and figures). */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const t = useT()
  const detail = useQuery({
    queryKey: ['user', userId],
    queryFn: ({ signal }) => usersApi.detail(userId as number, signal),
    enabled: userId !== null,
    refetchInterval: USER_REFRESH_MS,
  })
  const user = detail.data?.id === userId ? detail.data : undefined

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={1120}
      destroyOnHidden
      title={
        user ? (
          <Space>
            <span data-testid="user-title">{t('users.detailTitle', { uid: user.uid })}</span>
            <DemoTag demo={user.is_demo} />
            <IdentityTag status={user.identity_status} />
            <DisabledTag disabled={user.disabled} />
          </Space>
        ) : (
          ''
        )
      }
      extra={user && <UserActions user={user} />}
      data-testid="user-drawer"
    >
      {detail.error && !user && (
        <Alert
          type="error"
          showIcon
          title={detail.error.message}
          action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!user && !detail.error && <Spin style={{ display: 'block', margin: '80px auto' }} />}
      {user && (
        <Tabs
          defaultActiveKey="overview"
          items={[
            { key: 'overview', label: t('users.overview'), children: <UserProfile user={user} /> },
            {
              key: 'trading',
              label: (
                <Space size={6} data-testid="user-tab-trading">
                  {t('users.trading')}
                  <Badge
                    count={user.positions.length + user.pending_orders.length}
                    showZero
                    color="#1677ff"
                  />
                </Space>
              ),
              children: <OrdersTables user={user} />,
            },
            {
              key: 'ledger',
              label: <span data-testid="user-tab-ledger">{t('users.ledger')}</span>,
              children: <LedgerTable userId={user.id} />,
            },
          ]}
        />
      )}
    </Drawer>
  )
}
