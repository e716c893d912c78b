import { Card, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { InstrumentExposure } from '../api/risk-api.ts'
import { SignedMoney } from './signed-money.tsx'

const lots = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 })
const num = { align: 'right' as const, className: 'risk-number' }

/** Open client positions per instrument, the house's biggest risk (clients' biggest profit) first. */
export function ExposureTable({ rows, loading }: { rows: InstrumentExposure[]; loading: boolean }) {
  const t = useT()
  const sorted = [...rows].sort((a, b) => b.client_profit - a.client_profit)
  const columns: ColumnsType<InstrumentExposure> = [
    {
      title: t('risk.exposure.instrument'),
      width: 160,
      dataIndex: 'code',
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    { title: t('risk.exposure.positions'), dataIndex: 'positions', ...num },
    { title: t('risk.exposure.long'), dataIndex: 'long_lots', render: lots, ...num },
    { title: t('risk.exposure.short'), dataIndex: 'short_lots', render: lots, ...num },
    {
      title: t('risk.exposure.net'),
      dataIndex: 'net_lots',
      render: (net: number) => (net > 0 ? `+${lots(net)}` : lots(net)),
      ...num,
    },
    {
      title: t('risk.exposure.clientProfit'),
      dataIndex: 'client_profit',
      render: (value: number) => <SignedMoney value={value} house={0} />,
      ...num,
    },
    {
      title: t('risk.exposure.houseRisk'),
      key: 'house',
      render: (_, row) => <SignedMoney value={-row.client_profit} house={1} />,
      sorter: (a, b) => a.client_profit - b.client_profit,
      ...num,
    },
  ]
  const total = (field: 'long_lots' | 'short_lots' | 'net_lots' | 'client_profit' | 'positions') =>
    rows.reduce((sum, row) => sum + row[field], 0)
  return (
    <Card size="small" title={t('risk.exposure.title')} data-testid="risk-exposure">
      <Table<InstrumentExposure>
        rowKey="instrument_id"
        size="small"
        columns={columns}
        dataSource={sorted}
        loading={loading && rows.length === 0}
        pagination={false}
        scroll={{ y: 320 }}
        onRow={(row) => ({ 'data-testid': `exposure-${row.code}`, style: {} })}
        locale={{ emptyText: t('risk.exposure.none') }}
        summary={() =>
          rows.length > 1 && (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('risk.exposure.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {total('positions')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {lots(total('long_lots'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {lots(total('short_lots'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {lots(total('net_lots'))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <SignedMoney value={total('client_profit')} house={0} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <SignedMoney value={-total('client_profit')} house={1} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )
        }
      />
    </Card>
  )
}
