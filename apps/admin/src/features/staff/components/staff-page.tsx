import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Space, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { StaffItem } from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSession } from '../../../common/session/session-store.ts'
import { STAFF_QUERY_KEY, staffApi } from '../../../common/api/staff-api.ts'
import { AddStaffModal } from './add-staff-modal.tsx'
import { RoleModal } from './role-modal.tsx'
import { RoleTag } from './role-tag.tsx'
import { StaffActions } from './staff-actions.tsx'
import { ListCard } from '../../../common/components/list-card.tsx'

/** The staff list (admins only): add a member, change a role, disable, enable, reset a second factor. */
export function StaffPage() {
  const t = useT()
  const me = useSession()?.staff.id
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: STAFF_QUERY_KEY, queryFn: ({ signal }) => staffApi.list(signal) })
  const [adding, setAdding] = useState(false)
  const [roleOf, setRoleOf] = useState<StaffItem | null>(null)
  const reload = () => void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY })

  const columns: ColumnsType<StaffItem> = [
    {
      title: t('staff.name'),
      dataIndex: 'name',
      render: (name: string, member) => (
        <div style={{ minWidth: 180 }}>
          <Space size={6}>
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Typography.Text>
            {member.id === me && <Tag color="geekblue">{t('staff.you')}</Tag>}
          </Space>
          <div>
            <Typography.Text type="secondary" data-testid="staff-email" style={{ wordBreak: 'break-all' }}>
              {member.email}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('staff.role'),
      dataIndex: 'role',
      width: 120,
      render: (role: StaffItem['role']) => <RoleTag role={role} />,
    },
    {
      title: t('staff.secondFactor'),
      dataIndex: 'totp_enabled',
      width: 140,
      render: (on: boolean) => (
        <Tag color={on ? 'green' : 'gold'}>{t(on ? 'staff.secondFactor.on' : 'staff.secondFactor.off')}</Tag>
      ),
    },
    {
      title: t('staff.state'),
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: boolean) => (
        <Tag color={disabled ? 'red' : 'green'} data-testid="staff-state">
          {t(disabled ? 'staff.disabled' : 'staff.active')}
        </Tag>
      ),
    },
    {
      title: t('staff.created'),
      dataIndex: 'created_at',
      width: 180,
      render: (value: string) => <UtcTime value={value} />,
    },
    {
      title: t('staff.actions'),
      key: 'actions',
      width: 290,
      render: (_: unknown, member) => (
        <StaffActions
          member={member}
          own={member.id === me}
          onRole={() => setRoleOf(member)}
          onChanged={reload}
        />
      ),
    },
  ]

  return (
    <ListCard
      testId="staff-page"
      title={t('staff.title')}
      total={list.data?.length}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="staff-add"
        >
          {t('staff.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('staff.intro')}</Typography.Paragraph>
      <Table<StaffItem>
        data-testid="staff-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
        onRow={(member) => ({ 'data-testid': `staff-row-${member.email}` }) as object}
        locale={{ emptyText: t('common.empty') }}
      />
      <AddStaffModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false)
          reload()
        }}
      />
      {roleOf && (
        <RoleModal
          member={roleOf}
          onClose={() => setRoleOf(null)}
          onChanged={() => {
            setRoleOf(null)
            reload()
          }}
        />
      )}
    </ListCard>
  )
}
