import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { AdminUserDetail, TransOrder } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { formatMoney } from '../../../common/lib/format.ts'
import { useCan } from '../../../common/session/permissions.ts'
import { usersApi } from '../api/users-api.ts'
import { useConfirm } from '../../../common/components/use-confirm.tsx'
import { SignedUsd } from '../../../common/components/user-tags.tsx'

const price = (order: TransOrder, value: number) =>
  value ? value.toFixed(order.ForexTradeLists?.PricePrecision ?? 5) : '—'
const instrument = (order: TransOrder) =>
  order.ForexTradeLists?.ShowCode || order.ForexTradeLists?.Code || String(order.ForexId)

/** The user's open positions (live profit) and pending orders; dealers close a position for the user. */
export function OrdersTables({ user }: { user: AdminUserDetail }) {
  const t = useT()
  const can = useCan()
  const confirm = useConfirm()
  const { message } = App.useApp()
  const queryClient = useQueryClient()

  function close(order: TransOrder) {
    const side = t(`users.side.${order.OrderType}`)
    confirm({
      title: t('users.closeConfirm', {
        id: order.Id,
        instrument: instrument(order),
        side,
        lots: order.Quantity,
      }),
      content: t('users.closeHint'),
      okText: t('users.close'),
      danger: true,
      run: () => usersApi.closePosition(order.Id),
      done: (closed) =>
        message.success(
          t('users.closed', { price: price(order, closed.close_price), profit: formatMoney(closed.profit) }),
        ),
      settled: () => {
        void queryClient.invalidateQueries({ queryKey: ['user', user.id] })
        void queryClient.invalidateQueries({ queryKey: ['user-ledger', user.id] })
        void queryClient.invalidateQueries({ queryKey: ['users'] })
      },
    })
  }

  const common: ColumnsType<TransOrder> = [
    { title: t('users.order'), dataIndex: 'Id', width: 80 },
    {
      title: t('users.instrument'),
      key: 'instrument',
      render: (_, order) => (
        <Space size={6}>
          <b>{instrument(order)}</b>
          <Tag color={order.OrderType === 1 ? 'green' : 'red'}>{t(`users.side.${order.OrderType}`)}</Tag>
        </Space>
      ),
    },
    {
      title: `${t('users.lots')} (${t('users.leverage')})`,
      key: 'lots',
      align: 'right',
      render: (_, order) => `${order.Quantity} (1:${order.Multiple})`,
    },
  ]
  const stops = {
    title: t('users.stops'),
    key: 'stops',
    render: (_: unknown, order: TransOrder) =>
      `${price(order, order.TargetLossPrice)} / ${price(order, order.TargetProfitPrice)}`,
  }
  const positions: ColumnsType<TransOrder> = [
    ...common,
    { title: t('users.openPrice'), key: 'open', align: 'right', render: (_, o) => price(o, o.Price) },
    { title: t('users.mark'), key: 'mark', align: 'right', render: (_, o) => price(o, o.UpdatePrice) },
    {
      title: t('users.positionProfit'),
      dataIndex: 'FactProfits',
      align: 'right',
      render: (value: string) => <SignedUsd value={value} testId="position-profit" />,
    },
    stops,
    {
      title: t('users.trailing'),
      dataIndex: 'TrailingStop',
      align: 'right',
      render: (points: number) => (points > 0 ? t('users.trailingPoints', { points }) : '—'),
    },
    {
      title: t('users.opened'),
      dataIndex: 'CreateTimeHandler',
      render: (v: string) => <UtcTime value={v} />,
    },
  ]
  if (can('positions.close'))
    positions.push({
      key: 'close',
      fixed: 'right',
      render: (_, order) => (
        <Button danger size="small" onClick={() => close(order)} data-testid={`close-position-${order.Id}`}>
          {t('users.close')}
        </Button>
      ),
    })
  const pending: ColumnsType<TransOrder> = [
    ...common,
    {
      title: t('users.orderPrice'),
      key: 'price',
      align: 'right',
      render: (_, o) => price(o, o.OriginPrice || o.Price),
    },
    stops,
    {
      title: t('users.placed'),
      dataIndex: 'CreateTimeHandler',
      render: (v: string) => <UtcTime value={v} />,
    },
    {
      title: t('users.expires'),
      dataIndex: 'ExpireTimeHandler',
      render: (v: string) => (v ? <UtcTime value={v} /> : t('users.goodTillCancelled')),
    },
  ]

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Space style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('users.positions')} ({user.positions.length})
          </Typography.Title>
          <Typography.Text type="secondary">{t('users.live')}</Typography.Text>
        </Space>
        <Table<TransOrder>
          rowKey="Id"
          size="small"
          columns={positions}
          dataSource={user.positions}
          pagination={false}
          locale={{ emptyText: t('common.empty') }}
          scroll={{ x: 'max-content' }}
          onRow={() => ({ 'data-testid': 'position-row' }) as React.HTMLAttributes<HTMLElement>}
        />
      </div>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('users.pending')} ({user.pending_orders.length})
        </Typography.Title>
        <Table<TransOrder>
          rowKey="Id"
          size="small"
          columns={pending}
          dataSource={user.pending_orders}
          pagination={false}
          locale={{ emptyText: t('common.empty') }}
          scroll={{ x: 'max-content' }}
        />
      </div>
    </Space>
  )
}
