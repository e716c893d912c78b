import { useSearchParams } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Col, Row, Segmented, Space, Spin, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { RISK_REFRESH_MS, riskApi } from '../api/risk-api.ts'
import { AccountsTable } from './accounts-table.tsx'
import { ExposureTable } from './exposure-table.tsx'
import { HouseResultChart } from './house-result-chart.tsx'
import { LimitsCard } from './limits-card.tsx'
import { ProvidersCard } from './providers-card.tsx'
import { TodayCard } from './today-card.tsx'

/**
 * The risk view (issue 11, item 6): today's money, the open exposure per instrument (the clients'
 * unrealized profit is the house's risk), how near each instrument is to the house's limits, the
 * house's daily result, the accounts nearest to stop-out and those under a margin call. Read again
 * every 5 s; demo accounts only when asked (the engine's limits count real clients only).
 */
export function RiskPage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const demo = params.get('demo') === '1'
  const view = useQuery({
    queryKey: ['risk', demo],
    queryFn: ({ signal }) => riskApi.view(demo, signal),
    refetchInterval: RISK_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  const data = view.data
  return (
    <div data-testid="risk-page">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('risk.title')}
        </Typography.Title>
        <Space size="middle">
          {view.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" data-testid="risk-read-at">
              {t('risk.readAt')} <UtcTime value={view.dataUpdatedAt} />
            </Typography.Text>
          )}
          <Segmented
            data-testid="risk-demo"
            value={demo ? '1' : '0'}
            onChange={(value) => setParams(value === '1' ? { demo: '1' } : {})}
            options={[
              { value: '0', label: <span data-testid="risk-real-only">{t('risk.realOnly')}</span> },
              { value: '1', label: <span data-testid="risk-with-demo">{t('risk.withDemo')}</span> },
            ]}
          />
        </Space>
      </Space>
      {view.error && (
        <Alert type="error" showIcon message={view.error.message} style={{ marginBottom: 12 }} />
      )}
      {!data ? (
        view.isPending && <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Row gutter={16}>
            <Col span={12}>
              <TodayCard today={data.today} exposure={data.exposure} demo={demo} />
            </Col>
            <Col span={12}>
              <HouseResultChart daily={data.daily} />
            </Col>
          </Row>
          {data.providers.length > 0 && <ProvidersCard rows={data.providers} />}
          <ExposureTable rows={data.exposure} loading={view.isFetching} />
          <LimitsCard rows={data.limits} />
          <Row gutter={16}>
            <Col span={12}>
              <AccountsTable
                title="risk.accounts.nearest"
                rows={data.nearest_stop_out}
                levels={data.levels}
                testId="risk-nearest"
                empty="risk.accounts.noneOpen"
              />
            </Col>
            <Col span={12}>
              <AccountsTable
                title="risk.accounts.marginCalls"
                rows={data.margin_calls}
                levels={data.levels}
                testId="risk-margin-calls"
                empty="risk.accounts.noneCalled"
              />
            </Col>
          </Row>
        </Space>
      )}
    </div>
  )
}
