import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Card, Space, Spin, Statistic, Table, Tag, Typography } from 'antd'
import type { AdminCopyLeader, AdminFollow } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { COPY_REFRESH_MS, copyApi, copyKeys } from '../api/copy-api.ts'

/**
 * Copy trading (issue 29, decision 053), read only: the leaders with their followers, the money
 * copying them and the profit share they earned; the running follows and the latest that ended,
 * with their result and the share paid.
 */
export function CopyPage() {
  const t = useT()
  const view = useQuery({
    queryKey: copyKeys.view,
    queryFn: ({ signal }) => copyApi.view(signal),
    refetchInterval: COPY_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  const data = view.data
  const state = (f: AdminFollow) =>
    f.ended_at !== ''
      ? t(`copy.state.${f.end_reason || 'user'}` as MessageKey)
      : t(f.paused === 1 ? 'copy.state.paused' : 'copy.state.running')
  return (
    <div data-testid="copy-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('copy.title')}
      </Typography.Title>
      {view.error && (
        <Alert type="error" showIcon message={view.error.message} style={{ marginBottom: 12 }} />
      )}
      {!data ? (
        view.isPending && <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space size={32} wrap>
            <Statistic title={t('copy.running')} value={data.running} />
            <Statistic title={t('copy.allocated')} value={data.allocated} />
            <Statistic title={t('copy.sharePaid')} value={data.share_paid} />
          </Space>
          <Card title={t('copy.leaders')} size="small">
            <Table<AdminCopyLeader>
              rowKey="user_id"
              size="small"
              pagination={false}
              dataSource={data.leaders}
              data-testid="copy-leaders"
              columns={[
                {
                  title: t('copy.leader'),
                  key: 'leader',
                  render: (_, l) => (
                    <Space>
                      <span>{l.nickname || l.uid}</span>
                      {l.is_demo === 1 && <Tag>{t('copy.demo')}</Tag>}
                      <Tag color={l.open === 1 ? 'green' : undefined}>
                        {t(l.open === 1 ? 'copy.open' : 'copy.closed')}
                      </Tag>
                    </Space>
                  ),
                },
                { title: t('copy.followers'), dataIndex: 'followers', align: 'right' },
                { title: t('copy.allocated'), dataIndex: 'allocated', align: 'right' },
                {
                  title: t('copy.share'),
                  key: 'share',
                  align: 'right',
                  render: (_, l) => `${l.profit_share}%`,
                },
                { title: t('copy.earned'), dataIndex: 'share_earned', align: 'right' },
              ]}
            />
          </Card>
          <Card title={t('copy.follows')} size="small">
            <Table<AdminFollow>
              rowKey="id"
              size="small"
              pagination={{ pageSize: 20 }}
              dataSource={data.follows}
              data-testid="copy-follows"
              columns={[
                { title: t('copy.leader'), dataIndex: 'leader' },
                { title: t('copy.follower'), dataIndex: 'follower' },
                { title: t('copy.amount'), dataIndex: 'amount', align: 'right' },
                { title: t('copy.realized'), dataIndex: 'realized', align: 'right' },
                {
                  title: t('copy.share'),
                  key: 'share',
                  align: 'right',
                  render: (_, f) => `${f.profit_share}%`,
                },
                { title: t('copy.paid'), dataIndex: 'share_paid', align: 'right' },
                {
                  title: t('copy.stopLoss'),
                  key: 'stop',
                  align: 'right',
                  render: (_, f) => (f.stop_loss > 0 ? `${f.stop_loss}%` : t('copy.none')),
                },
                { title: t('copy.state'), key: 'state', render: (_, f) => state(f) },
                { title: t('copy.started'), dataIndex: 'started_at' },
                { title: t('copy.ended'), dataIndex: 'ended_at' },
              ]}
            />
          </Card>
        </Space>
      )}
    </div>
  )
}
