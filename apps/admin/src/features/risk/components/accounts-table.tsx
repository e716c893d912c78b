import { Link } from 'react-router'
import { Card, Table, Tag, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { formatMoney } from '../../../common/lib/format.ts'
import type { AccountRisk, RiskView } from '../api/risk-api.ts'
import { HOUSE_LOSS } from '../../../common/lib/house-colours.ts'

/** Accounts with margin in use, lowest margin level first; each opens the user's page. */
export function AccountsTable({
  title,
  rows,
  levels,
  testId,
  empty,
}: {
  title: MessageKey
  rows: AccountRisk[]
  levels: RiskView['levels']
  testId: string
  empty: MessageKey
}) {
  const t = useT()
  const levelColour = (level: number) =>
    level < levels.stopOutLevel * 1.2 ? HOUSE_LOSS : level < levels.marginCallLevel ? '#d97706' : undefined
  const columns: ColumnsType<AccountRisk> = [
    {
      title: t('risk.accounts.uid'),
      dataIndex: 'uid',
      render: (uid: string, row) => (
        <Tooltip title={row.email}>
          <Link to={`/users?q=${encodeURIComponent(uid)}`} data-testid="risk-user-link">
            {uid}
          </Link>
        </Tooltip>
      ),
    },
    {
      title: t('risk.accounts.equity'),
      dataIndex: 'equity',
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('risk.accounts.margin'),
      dataIndex: 'used_margin',
      align: 'right',
      render: (v: number) => formatMoney(v),
    },
    {
      title: t('risk.accounts.level'),
      dataIndex: 'margin_level',
      align: 'right',
      render: (level: number, row) => (
        <span style={{ color: levelColour(level), fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatMoney(level)} %{' '}
          {row.margin_called && (
            <Tag color="orange" style={{ marginInlineEnd: 0 }}>
              {t('risk.accounts.called')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('risk.accounts.positions'), dataIndex: 'positions', align: 'right' },
  ]
  return (
    <Card
      size="small"
      title={t(title)}
      extra={t('risk.accounts.levels', { call: levels.marginCallLevel, stop: levels.stopOutLevel })}
      data-testid={testId}
    >
      <Table<AccountRisk>
        rowKey="user_id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 280 }}
        onRow={(row) => ({ 'data-testid': `account-${row.uid}`, style: {} })}
        locale={{ emptyText: t(empty) }}
      />
    </Card>
  )
}
