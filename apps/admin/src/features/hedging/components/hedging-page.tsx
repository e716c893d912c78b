import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Space, Spin, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { HEDGING_REFRESH_MS, hedgingApi, hedgingKeys } from '../../../common/api/hedging-api.ts'
import { HedgeNetsTable } from './hedge-nets-table.tsx'
import { HedgeOrdersTable } from './hedge-orders-table.tsx'
import { HedgeRulesCard } from './hedge-rules-card.tsx'
import { GroupMarkupsCard } from './group-markups-card.tsx'

/**
 * Hedging (issue 28, decision 051): per instrument the house's net against real clients, what the
 * providers filled of the hedge and what the house keeps; the rules that decide what is passed on
 * (per instrument and client group); the client groups' spread markups (decision 052); and the
 * latest hedge orders with their fills and slippage.
 */
export function HedgingPage() {
  const t = useT()
  const view = useQuery({
    queryKey: hedgingKeys.view,
    queryFn: ({ signal }) => hedgingApi.view(signal),
    refetchInterval: HEDGING_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  const data = view.data
  return (
    <div data-testid="hedging-page">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('hedging.title')}
        </Typography.Title>
        {view.dataUpdatedAt > 0 && (
          <Typography.Text type="secondary">
            {t('risk.readAt')} <UtcTime value={view.dataUpdatedAt} />
          </Typography.Text>
        )}
      </Space>
      {view.error && (
        <Alert type="error" showIcon message={view.error.message} style={{ marginBottom: 12 }} />
      )}
      {!data ? (
        view.isPending && <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {!data.enabled && (
            <Alert
              type="info"
              showIcon
              message={t('hedging.off')}
              description={t('hedging.offHint')}
              data-testid="hedging-off"
            />
          )}
          <HedgeNetsTable rows={data.nets} />
          <HedgeRulesCard rules={data.rules} groups={data.groups} instruments={data.instruments} />
          <GroupMarkupsCard markups={data.markups} groups={data.groups} instruments={data.instruments} />
          <HedgeOrdersTable rows={data.orders} />
        </Space>
      )}
    </div>
  )
}
