import type { HTMLAttributes } from 'react'
import { Card, Progress, Space, Table, Tag, Typography, theme } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { HouseLimitUse } from '../api/risk-api.ts'

/** From this share of a net limit the desk should look (hedge outside, or expect refusals soon). */
const WARNING_PERCENT = 80
/** At the limit: orders adding to the net are refused from here. */
const FULL_PERCENT = 100

const num = { align: 'right' as const }

/**
 * The house's limits per instrument (decision 023): real clients' net lots against the net limit,
 * with how much of it is used, and the per-account limit; nearest to its limit first, as the
 * server sorts them.
 */
export function LimitsCard({ rows }: { rows: HouseLimitUse[] }) {
  const t = useT()
  const { token } = theme.useToken()
  const lots = (value: string | null) =>
    value === null ? (
      <Typography.Text type="secondary">{t('risk.limits.none')}</Typography.Text>
    ) : (
      t('risk.limits.lots', { n: value })
    )

  const columns: ColumnsType<HouseLimitUse> = [
    {
      title: t('risk.limits.instrument'),
      dataIndex: 'code',
      width: 140,
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    {
      title: t('risk.limits.net'),
      dataIndex: 'net_lots',
      width: 200,
      render: (net: string) => <NetLots net={net} />,
    },
    { title: t('risk.limits.maxNet'), dataIndex: 'max_net_lots', render: lots, ...num },
    {
      title: t('risk.limits.used'),
      dataIndex: 'used_percent',
      width: 240,
      render: (used: number | null) =>
        used === null ? (
          '—'
        ) : (
          <Progress
            percent={Math.min(used, FULL_PERCENT)}
            // antd calls a full bar a success (green): at the limit it is the opposite.
            status={used >= FULL_PERCENT ? 'exception' : 'normal'}
            strokeColor={used >= WARNING_PERCENT && used < FULL_PERCENT ? token.colorWarning : undefined}
            // The bar stops at 100 %; the figure says how far past it the net is.
            format={() => `${used} %`}
            size="small"
            data-testid="limit-used"
          />
        ),
    },
    { title: t('risk.limits.maxAccount'), dataIndex: 'max_account_lots', render: lots, ...num },
  ]
  return (
    <Card
      size="small"
      title={t('risk.limits.title')}
      extra={<Typography.Text type="secondary">{t('risk.limits.hint')}</Typography.Text>}
      data-testid="risk-limits"
    >
      <Table<HouseLimitUse>
        rowKey="instrument_id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        onRow={(row) => ({ 'data-testid': `limit-${row.code}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('risk.limits.empty') }}
      />
    </Card>
  )
}

/** Net lots with their side in words: the house holds the other side. */
function NetLots({ net }: { net: string }) {
  const t = useT()
  if (Number(net) === 0) return <Typography.Text type="secondary">{t('risk.limits.flat')}</Typography.Text>
  const short = net.startsWith('-')
  return (
    <Space size={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
      <Tag color={short ? 'volcano' : 'blue'}>{t(short ? 'risk.limits.short' : 'risk.limits.long')}</Tag>
      {short ? net.slice(1) : net}
    </Space>
  )
}
