import type { HTMLAttributes } from 'react'
import { Card, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { ProviderState } from '../api/risk-api.ts'

/**
 * Where prices come from (issue 28): each liquidity provider, whether it counts for prices now
 * (logged on and quoting), how long since its last market data and how many instruments it quotes.
 * Shown only when the platform is priced by providers (`PRICE_SOURCE=fix:`).
 */
export function ProvidersCard({ rows }: { rows: ProviderState[] }) {
  const t = useT()
  const columns: ColumnsType<ProviderState> = [
    {
      title: t('risk.providers.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('risk.providers.state'),
      dataIndex: 'live',
      render: (live: boolean) => (
        <Tag color={live ? 'green' : 'red'}>{t(live ? 'risk.providers.live' : 'risk.providers.down')}</Tag>
      ),
    },
    {
      title: t('risk.providers.quiet'),
      dataIndex: 'quiet_for_ms',
      align: 'right',
      render: (ms: number) => t('risk.providers.ms', { n: ms.toLocaleString('en') }),
    },
    { title: t('risk.providers.instruments'), dataIndex: 'instruments', align: 'right' },
  ]
  return (
    <Card
      size="small"
      title={t('risk.providers.title')}
      extra={<Typography.Text type="secondary">{t('risk.providers.hint')}</Typography.Text>}
      data-testid="risk-providers"
    >
      <Table<ProviderState>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `provider-${row.name}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  )
}
