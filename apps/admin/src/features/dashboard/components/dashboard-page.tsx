import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Col, Row, Statistic, Typography } from 'antd'
import {
  BankOutlined,
  CommentOutlined,
  DiffOutlined,
  IdcardOutlined,
  LikeOutlined,
  RightOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import type { AdminDashboard } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { mayOpen, type PageName, type StaffRole } from '../../../common/roles.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { DASHBOARD_REFRESH_MS, dashboardApi } from '../../../common/api/dashboard-api.ts'

interface Tile {
  field: keyof AdminDashboard
  label: MessageKey
  icon: ReactNode
  /** The queue the tile opens; tiles of pages not built yet only count. */
  page?: PageName
  roles: readonly StaffRole[]
}

const TILES: Tile[] = [
  {
    field: 'identity_waiting',
    label: 'dashboard.identity',
    icon: <IdcardOutlined />,
    page: 'identity',
    roles: [],
  },
  {
    field: 'deposits_waiting',
    label: 'dashboard.deposits',
    icon: <BankOutlined />,
    page: 'deposits',
    roles: [],
  },
  {
    field: 'withdrawals_waiting',
    label: 'dashboard.withdrawals',
    icon: <WalletOutlined />,
    page: 'withdrawals',
    roles: [],
  },
  { field: 'chat_unread', label: 'dashboard.chat', icon: <CommentOutlined />, page: 'chat', roles: [] },
  {
    field: 'adjustments_waiting',
    label: 'dashboard.adjustments',
    icon: <DiffOutlined />,
    page: 'adjustments',
    roles: [],
  },
  { field: 'feedback_new', label: 'dashboard.feedback', icon: <LikeOutlined />, page: 'feedback', roles: [] },
]

const visible = (tile: Tile, role: StaffRole) =>
  tile.page ? mayOpen(role, tile.page) : tile.roles.includes(role)

export function DashboardPage() {
  const t = useT()
  const session = useSession()
  const counts = useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => dashboardApi.counts(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  })
  if (!session) return null
  const { staff } = session
  const tiles = TILES.filter((tile) => visible(tile, staff.role))

  return (
    <div data-testid="dashboard">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('dashboard.welcome', { name: staff.name, role: t(`role.${staff.role}`) })}
        {counts.dataUpdatedAt > 0 && (
          <span style={{ marginInlineStart: 16 }}>
            {t('dashboard.refreshed', { time: new Date(counts.dataUpdatedAt).toLocaleTimeString() })}
          </span>
        )}
      </Typography.Paragraph>
      {counts.error && (
        <Alert
          type="error"
          showIcon
          title={counts.error.message}
          action={<Button onClick={() => void counts.refetch()}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => {
          const value = counts.data?.[tile.field]
          const waiting = (value ?? 0) > 0
          const body = (
            <Card hoverable={Boolean(tile.page)} data-testid={`count-${tile.field}`}>
              <Statistic
                title={t(tile.label)}
                value={value ?? '—'}
                loading={counts.isLoading}
                prefix={tile.icon}
                styles={{ content: { color: waiting ? '#d46b08' : undefined } }}
              />
              {tile.page && (
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                  {t('dashboard.open')} <RightOutlined style={{ fontSize: 10 }} />
                </Typography.Text>
              )}
            </Card>
          )
          return (
            <Col key={tile.field} xs={24} md={12} xl={8} xxl={6}>
              {tile.page ? (
                <Link to={`/${tile.page}`} data-testid={`open-${tile.page}`}>
                  {body}
                </Link>
              ) : (
                body
              )}
            </Col>
          )
        })}
      </Row>
    </div>
  )
}
