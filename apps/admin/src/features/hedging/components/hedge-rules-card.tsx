import { useState, type HTMLAttributes } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { AdminHedgeRule, AdminHedging, HedgeModeName } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useConfirm } from '../../../common/components/use-confirm.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useCan } from '../../../common/session/permissions.ts'
import { hedgingApi, hedgingKeys } from '../../../common/api/hedging-api.ts'
import { HedgeRuleModal } from './hedge-rule-modal.tsx'

export const MODE_COLOURS: Record<HedgeModeName, string> = {
  a_book: 'blue',
  hybrid: 'purple',
  b_book: 'default',
}

/**
 * The rules that decide what is passed on (per instrument and client group, either "any"; the most
 * specific that matches decides, none: the house keeps the risk), and the client groups there are.
 */
export function HedgeRulesCard({
  rules,
  groups,
  instruments,
}: Pick<AdminHedging, 'rules' | 'groups' | 'instruments'>) {
  const t = useT()
  const can = useCan()
  const confirm = useConfirm()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [editing, setEditing] = useState<AdminHedgeRule | 'new' | null>(null)
  const editable = can('hedging.edit')

  const remove = (rule: AdminHedgeRule) =>
    confirm({
      title: t('hedging.rules.deleteConfirm'),
      content: t('hedging.rules.deleteHint'),
      okText: t('hedging.rules.delete'),
      danger: true,
      run: () => hedgingApi.deleteRule(rule.id),
      done: () => message.success(t('hedging.rules.saved')),
      settled: () => void client.invalidateQueries({ queryKey: hedgingKeys.view }),
    })

  const columns: ColumnsType<AdminHedgeRule> = [
    {
      title: t('hedging.rules.instrument'),
      dataIndex: 'instrument',
      render: (code: string | null) =>
        code ?? <Typography.Text type="secondary">{t('hedging.any')}</Typography.Text>,
    },
    {
      title: t('hedging.rules.group'),
      dataIndex: 'client_group',
      render: (group: string | null) =>
        group ?? <Typography.Text type="secondary">{t('hedging.any')}</Typography.Text>,
    },
    {
      title: t('hedging.rules.mode'),
      dataIndex: 'mode',
      render: (mode: HedgeModeName) => <Tag color={MODE_COLOURS[mode]}>{t(`hedging.mode.${mode}`)}</Tag>,
    },
    {
      title: t('hedging.rules.threshold'),
      dataIndex: 'threshold_lots',
      align: 'right',
      render: (lots: string, rule) => (rule.mode === 'hybrid' ? t('hedging.lots', { lots }) : '—'),
    },
    {
      title: t('hedging.rules.updated'),
      dataIndex: 'updated_at',
      render: (at: string) => <UtcTime value={at} />,
    },
    ...(editable
      ? [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, rule: AdminHedgeRule) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('hedging.rules.edit')}
                  onClick={() => setEditing(rule)}
                  data-testid={`hedge-rule-edit-${rule.id}`}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('hedging.rules.delete')}
                  onClick={() => remove(rule)}
                  data-testid={`hedge-rule-delete-${rule.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ]
  return (
    <Card
      size="small"
      title={t('hedging.rules.title')}
      extra={
        editable && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="hedge-rule-add"
          >
            {t('hedging.rules.add')}
          </Button>
        )
      }
      data-testid="hedging-rules"
    >
      <Typography.Paragraph type="secondary">{t('hedging.rules.hint')}</Typography.Paragraph>
      <Table<AdminHedgeRule>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rules}
        pagination={false}
        locale={{ emptyText: t('hedging.rules.none') }}
        onRow={(row) => ({ 'data-testid': `hedge-rule-${row.id}` }) as HTMLAttributes<HTMLElement>}
      />
      <Space wrap style={{ marginTop: 12 }} data-testid="hedging-groups">
        <Typography.Text type="secondary">{t('hedging.groups')}</Typography.Text>
        {groups.map((g) => (
          <Tag key={g.client_group}>
            {g.client_group} · {t('hedging.clients', { count: g.clients })}
          </Tag>
        ))}
      </Space>
      {editing && (
        <HedgeRuleModal
          rule={editing === 'new' ? undefined : editing}
          groups={groups.map((g) => g.client_group)}
          instruments={instruments}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  )
}
