import type { HTMLAttributes } from 'react'
import { Card, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { AdminHedgeNet } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { Lots } from './lots.tsx'

/** Per instrument: the house's net against real clients, the hedge providers filled, and what the house keeps. */
export function HedgeNetsTable({ rows }: { rows: AdminHedgeNet[] }) {
  const t = useT()
  const columns: ColumnsType<AdminHedgeNet> = [
    {
      title: t('hedging.nets.instrument'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    {
      title: t('hedging.nets.house'),
      dataIndex: 'house_lots',
      align: 'right',
      render: (lots: string) => <Lots value={lots} />,
    },
    {
      title: t('hedging.nets.hedged'),
      dataIndex: 'hedged_lots',
      align: 'right',
      render: (lots: string) => <Lots value={lots} />,
    },
    {
      title: t('hedging.nets.unhedged'),
      dataIndex: 'unhedged_lots',
      align: 'right',
      render: (lots: string) => <Lots value={lots} strong />,
    },
  ]
  return (
    <Card
      size="small"
      title={t('hedging.nets.title')}
      extra={<Typography.Text type="secondary">{t('hedging.nets.hint')}</Typography.Text>}
      data-testid="hedging-nets"
    >
      <Table<AdminHedgeNet>
        rowKey="instrument_id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('hedging.nets.none') }}
        onRow={(row) => ({ 'data-testid': `hedge-net-${row.code}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  )
}
