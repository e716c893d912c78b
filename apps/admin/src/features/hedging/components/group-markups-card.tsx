import { useState, type HTMLAttributes } from 'react'
import { Button, Card, Table, Tag, Typography } from 'antd'
import { EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { AdminGroupMarkup, AdminHedging } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useCan } from '../../../common/session/permissions.ts'
import { GroupMarkupModal } from './group-markup-modal.tsx'

/**
 * The client groups' spread markups (decision 052), each beside the spreads it adds to: the
 * providers' (raw), the house's (with the instrument's markup) and the group's.
 */
export function GroupMarkupsCard({
  markups,
  groups,
  instruments,
}: Pick<AdminHedging, 'markups' | 'groups' | 'instruments'>) {
  const t = useT()
  const can = useCan()
  const [editing, setEditing] = useState<AdminGroupMarkup | 'new' | null>(null)
  const editable = can('hedging.edit')
  const points = (value: number | null) =>
    value === null ? (
      <Typography.Text type="secondary">{t('hedging.markups.noQuote')}</Typography.Text>
    ) : (
      value
    )

  const columns: ColumnsType<AdminGroupMarkup> = [
    { title: t('hedging.markups.instrument'), dataIndex: 'code' },
    {
      title: t('hedging.markups.group'),
      dataIndex: 'client_group',
      render: (group: string) => <Tag>{group}</Tag>,
    },
    {
      title: t('hedging.markups.points'),
      dataIndex: 'points',
      align: 'right',
      render: (value: number) => <Typography.Text strong>+{value}</Typography.Text>,
    },
    { title: t('hedging.markups.raw'), dataIndex: 'raw_spread_points', align: 'right', render: points },
    { title: t('hedging.markups.house'), dataIndex: 'house_spread_points', align: 'right', render: points },
    { title: t('hedging.markups.spread'), dataIndex: 'group_spread_points', align: 'right', render: points },
    {
      title: t('hedging.markups.updated'),
      dataIndex: 'updated_at',
      render: (at: string) => <UtcTime value={at} />,
    },
    ...(editable
      ? [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, markup: AdminGroupMarkup) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('hedging.markups.edit')}
                onClick={() => setEditing(markup)}
                data-testid={`group-markup-edit-${markup.code}-${markup.client_group}`}
              />
            ),
          },
        ]
      : []),
  ]
  return (
    <Card
      size="small"
      title={t('hedging.markups.title')}
      extra={
        editable && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="group-markup-add"
          >
            {t('hedging.markups.add')}
          </Button>
        )
      }
      data-testid="group-markups"
    >
      <Typography.Paragraph type="secondary">{t('hedging.markups.hint')}</Typography.Paragraph>
      <Table<AdminGroupMarkup>
        rowKey={(row) => `${row.instrument_id}/${row.client_group}`}
        size="small"
        columns={columns}
        dataSource={markups}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('hedging.markups.none') }}
        onRow={(row) =>
          ({ 'data-testid': `group-markup-${row.code}-${row.client_group}` }) as HTMLAttributes<HTMLElement>
        }
      />
      {editing && (
        <GroupMarkupModal
          markup={editing === 'new' ? undefined : editing}
          groups={groups.map((g) => g.client_group)}
          instruments={instruments}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  )
}
