import type { HTMLAttributes } from 'react'
import { Card, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { AdminHedgeFill, AdminHedgeOrder } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { HOUSE_GAIN, HOUSE_LOSS } from '../../../common/lib/house-colours.ts'
import { MODE_COLOURS } from './hedge-rules-card.tsx'

const STATUS_COLOURS: Record<AdminHedgeOrder['status'], string> = {
  new: 'default',
  working: 'processing',
  filled: 'green',
  partial: 'gold',
  rejected: 'red',
  cancelled: 'default',
}

/** The latest hedge orders: what was asked of which provider, what it filled at, the slippage, and each fill. */
export function HedgeOrdersTable({ rows }: { rows: AdminHedgeOrder[] }) {
  const t = useT()
  const columns: ColumnsType<AdminHedgeOrder> = [
    {
      title: t('hedging.orders.time'),
      dataIndex: 'created_at',
      render: (at: string) => <UtcTime value={at} />,
    },
    {
      title: t('hedging.orders.order'),
      dataIndex: 'cl_ord_id',
      render: (id: string, row) => (
        <span>
          <Typography.Text code>{id}</Typography.Text> {row.provider}
        </span>
      ),
    },
    { title: t('hedging.nets.instrument'), dataIndex: 'code' },
    {
      title: t('hedging.orders.rule'),
      dataIndex: 'mode',
      render: (mode: AdminHedgeOrder['mode']) => (
        <Tag color={MODE_COLOURS[mode]}>{t(`hedging.modeShort.${mode}`)}</Tag>
      ),
    },
    {
      title: t('hedging.orders.side'),
      dataIndex: 'lots',
      align: 'right',
      render: (lots: string) =>
        t(Number(lots) > 0 ? 'hedging.orders.buy' : 'hedging.orders.sell', { lots: lots.replace(/^-/, '') }),
    },
    { title: t('hedging.orders.filled'), dataIndex: 'filled_lots', align: 'right' },
    { title: t('hedging.orders.ref'), dataIndex: 'ref_price', align: 'right' },
    {
      title: t('hedging.orders.avg'),
      dataIndex: 'avg_price',
      align: 'right',
      render: (price: string, row) => (Number(row.filled_lots) > 0 ? price : '—'),
    },
    {
      title: t('hedging.orders.slippage'),
      dataIndex: 'slippage_points',
      align: 'right',
      render: (points: number | null) =>
        points === null ? (
          '—'
        ) : (
          <Typography.Text style={{ color: points > 0 ? HOUSE_LOSS : points < 0 ? HOUSE_GAIN : undefined }}>
            {t('hedging.orders.points', { n: points })}
          </Typography.Text>
        ),
    },
    {
      title: t('hedging.orders.status'),
      dataIndex: 'status',
      // The provider's reason, for a reject or an unfilled rest, on hover.
      render: (status: AdminHedgeOrder['status'], row) => (
        <Tooltip title={row.reason || undefined}>
          <Tag color={STATUS_COLOURS[status]} data-testid="hedge-order-status">
            {t(`hedging.status.${status}`)}
            {row.reason && ' ⓘ'}
          </Tag>
        </Tooltip>
      ),
    },
  ]
  const fillColumns: ColumnsType<AdminHedgeFill> = [
    {
      title: t('hedging.orders.execId'),
      dataIndex: 'exec_id',
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    { title: t('hedging.orders.filled'), dataIndex: 'lots', align: 'right' },
    { title: t('hedging.orders.price'), dataIndex: 'price', align: 'right' },
    { title: t('hedging.orders.time'), dataIndex: 'at', render: (at: string) => <UtcTime value={at} /> },
  ]
  return (
    <Card
      size="small"
      title={t('hedging.orders.title')}
      extra={<Typography.Text type="secondary">{t('hedging.orders.hint')}</Typography.Text>}
      data-testid="hedging-orders"
    >
      <Table<AdminHedgeOrder>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('hedging.orders.none') }}
        expandable={{
          rowExpandable: (row) => row.fills.length > 0,
          expandedRowRender: (row) => (
            <Table<AdminHedgeFill>
              rowKey="exec_id"
              size="small"
              columns={fillColumns}
              dataSource={row.fills}
              pagination={false}
            />
          ),
        }}
        onRow={(row) => ({ 'data-testid': `hedge-order-${row.cl_ord_id}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  )
}
