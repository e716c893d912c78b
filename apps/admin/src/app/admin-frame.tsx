import { useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Avatar, Button, Layout, Menu, Space, Tag, Typography } from 'antd'
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { api } from '../common/api/client.ts'
import { LanguageSwitch } from '../common/components/language-switch.tsx'
import { useT } from '../common/i18n/i18n.tsx'
import { useQueueEvents } from '../common/live/use-queue-events.ts'
import { signOut, updateStaff, useSession } from '../common/session/session-store.ts'
import type { StaffProfile } from '@tp/contracts/light'
import { DASHBOARD_REFRESH_MS, dashboardApi } from '../common/api/dashboard-api.ts'
import { ChangePasswordModal } from '../features/auth/components/change-password-modal.tsx'
import { navFor } from './nav-items.tsx'

const ROLE_COLOURS = { admin: 'red', finance: 'green', dealer: 'blue', support: 'purple' } as const

/** The signed-in frame: side menu by role, header with who is signed in, the page in the middle. */
export function AdminFrame() {
  const session = useSession()
  const t = useT()
  const { message } = App.useApp()
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [changing, setChanging] = useState(false)
  // Who the token belongs to now: a 999 here (session ended elsewhere) sends staff to sign in.
  const me = useQuery({
    queryKey: ['me'],
    queryFn: () => api.get<StaffProfile>('/me'),
    enabled: Boolean(session),
    staleTime: 60_000,
  })
  useEffect(() => {
    if (me.data) updateStaff(me.data)
  }, [me.data])
  useQueueEvents(Boolean(session))
  // The same counts as the dashboard's (one query), shown beside each queue in the menu.
  const counts = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => dashboardApi.counts(signal),
    enabled: Boolean(session),
    refetchInterval: DASHBOARD_REFRESH_MS,
  })

  if (!session) return <Navigate to="/login" replace />
  const { staff } = session
  const items = navFor(staff.role)
  const selected =
    items
      .filter((item) =>
        item.path === '/' ? location.pathname === '/' : location.pathname.startsWith(item.path),
      )
      .map((item) => item.path)[0] ?? '/'

  async function leave() {
    try {
      await api.post('/auth/logout')
    } catch {
      // Signed out here whatever the server says: the token is dropped either way.
    }
    signOut()
    queryClient.clear()
    message.success(t('menu.signedOut'))
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark" breakpoint="lg" collapsedWidth={64}>
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            padding: '0 20px',
            color: '#fff',
            fontWeight: 600,
            fontSize: 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          {t('app.title')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          onClick={({ key }) => navigate(key)}
          items={items.map((item) => ({
            key: item.path,
            icon: item.icon,
            label: (
              <span
                data-testid={`nav-${item.page}`}
                style={{ display: 'flex', alignItems: 'center', gap: 8 }}
              >
                <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>{t(item.label)}</span>
                <WaitingCount
                  count={item.waiting ? (counts.data?.[item.waiting] ?? 0) : 0}
                  page={item.page}
                />
              </span>
            ),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #f0f0f0',
            height: 56,
          }}
        >
          <Space size="middle">
            <LanguageSwitch />
            <Space size={8} data-testid="staff-badge">
              <Avatar size="small" icon={<UserOutlined />} />
              <Typography.Text strong>{staff.name}</Typography.Text>
              <Tag color={ROLE_COLOURS[staff.role]}>{t(`role.${staff.role}`)}</Tag>
            </Space>
            <Button icon={<KeyOutlined />} onClick={() => setChanging(true)} data-testid="change-password">
              {t('password.change')}
            </Button>
            <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
            <Button icon={<LogoutOutlined />} onClick={leave} data-testid="sign-out">
              {t('menu.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

/** What waits in a queue, beside its menu item (nothing when nothing waits). */
function WaitingCount({ count, page }: { count: number; page: string }) {
  if (count <= 0) return null
  return (
    <span
      data-testid={`menu-count-${page}`}
      style={{
        minWidth: 20,
        padding: '0 6px',
        borderRadius: 10,
        background: '#ff4d4f',
        color: '#fff',
        fontSize: 12,
        lineHeight: '20px',
        textAlign: 'center',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {count > 999 ? '999+' : count}
    </span>
  )
}
