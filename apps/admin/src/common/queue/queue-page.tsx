import { useMemo, useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Drawer, Input, Segmented, Select, Space, Table, Tooltip } from 'antd'

import type { ColumnsType } from 'antd/es/table'
import { useT } from '../i18n/i18n.tsx'
import { DecisionModal } from './decision-modal.tsx'
import { firstOfTwo, type Decision, type QueueConfig, type QueueItem } from './queue-config.ts'
import { ApprovalsTag, FourEyesNote } from './four-eyes-note.tsx'
import { StatusTag } from './status-tag.tsx'
import { pagingOf, useUrlParams } from '../../common/lib/use-url-params.ts'
import { ListCard } from '../components/list-card.tsx'

/** How often an open queue looks for new items when no live event tells it. */
export const QUEUE_REFRESH_MS = 15_000
const ALL = 'all'

/**
 * One review queue: filters (status, waiting by default; type; search), the table, and a drawer with
 * every detail and the decisions. After a decision the drawer moves on to the next waiting item.
 */
export function QueuePage<T extends QueueItem>({ config }: { config: QueueConfig<T> }) {
  const t = useT()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [params, update] = useUrlParams()
  const status = params.get('status') ?? String(config.waiting)
  const type = params.get('type') ?? ''
  const q = params.get('q') ?? ''
  const { page, limit, pagination } = pagingOf(params, update)
  const [search, setSearch] = useState(q)
  const [selected, setSelected] = useState<T | null>(null)
  const [pending, setPending] = useState<Decision<T> | null>(null)

  const query = {
    status: status === ALL ? undefined : status,
    type: type || undefined,
    q: q || undefined,
    page,
    limit,
  }
  const list = useQuery({
    queryKey: ['queue', config.name, query],
    queryFn: ({ signal }) => config.list(query, signal),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  const rows = useMemo(() => list.data?.data ?? [], [list.data])
  // The drawer shows the list's fresh copy of the item when it has one.
  const shown = selected ? (rows.find((row) => row.id === selected.id) ?? selected) : null

  function decided(decision: Decision<T>, answer: unknown) {
    message.success(firstOfTwo(answer) ? t('queue.firstRecorded') : t(decision.done))
    setPending(null)
    const current = shown
    void queryClient.invalidateQueries({ queryKey: ['queue', config.name] })
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    if (!current) return
    // On to the next waiting item below this one (or above, when this was the last).
    const index = rows.findIndex((row) => row.id === current.id)
    const waiting = (row: T) => row.status === config.waiting && row.id !== current.id
    const next = rows.slice(index + 1).find(waiting) ?? rows.slice(0, Math.max(index, 0)).find(waiting)
    if (next) setSelected(next)
    else if (firstOfTwo(answer)) setSelected(null)
    else {
      setSelected(null)
      message.info(t('queue.allDone'))
    }
  }

  const columns: ColumnsType<T> = [
    ...config.columns(t),
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 120,
      render: (value: number, record: T) => (
        <>
          <StatusTag config={config} status={value} />
          {value === config.waiting && config.approvals && (
            <ApprovalsTag approvals={config.approvals(record)} />
          )}
        </>
      ),
    },
  ]

  return (
    <ListCard
      testId={`queue-${config.name}`}
      title={t(config.title)}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Space wrap style={{ marginBottom: 16 }} size="middle">
        <Segmented
          value={status}
          onChange={(value) =>
            update({ status: value === String(config.waiting) ? undefined : value, page: undefined })
          }
          options={[
            ...config.statuses.map((code) => ({ value: String(code), label: t(config.statusLabel(code)) })),
            { value: ALL, label: t('common.all') },
          ]}
          data-testid="queue-status-filter"
        />
        {config.types && (
          <Select
            value={type}
            style={{ width: 160 }}
            onChange={(value: string) => update({ type: value, page: undefined })}
            options={[
              { value: '', label: `${t('queue.type')}: ${t('common.all')}` },
              ...config.types.map((option) => ({ value: String(option.value), label: t(option.label) })),
            ]}
          />
        )}
        <Input.Search
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => update({ q: value.trim(), page: undefined })}
          placeholder={t('queue.search')}
          style={{ width: 300 }}
          maxLength={100}
          data-testid="queue-search"
        />
      </Space>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        locale={{
          emptyText: status === String(config.waiting) ? t('common.noneWaiting') : t('common.empty'),
        }}
        onRow={(record) => ({
          onClick: () => setSelected(record),
          style: { cursor: 'pointer' },
          'data-testid': 'queue-row',
        })}
        rowClassName={(record) => (record.id === shown?.id ? 'ant-table-row-selected' : '')}
        pagination={pagination(list.data?.total)}
      />
      <Drawer
        open={Boolean(shown)}
        onClose={() => setSelected(null)}
        size={760}
        title={shown ? config.drawerTitle(shown, t) : ''}
        extra={
          shown && (
            <>
              <StatusTag config={config} status={shown.status} />
              {shown.status === config.waiting && config.approvals && (
                <ApprovalsTag approvals={config.approvals(shown)} />
              )}
            </>
          )
        }
        footer={
          shown && shown.status === config.waiting ? (
            <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
              {config.decisions.map((decision) => {
                // The first approver cannot give the second approval (four eyes): said, not hidden.
                const mine = decision.kind === 'approve' && config.approvals?.(shown).first?.by_you === true
                const button = (
                  <Button
                    key={decision.key}
                    type={decision.kind === 'approve' ? 'primary' : 'default'}
                    danger={decision.kind === 'reject'}
                    disabled={mine}
                    onClick={() => setPending(decision)}
                    data-testid={`decide-${decision.key}`}
                  >
                    {t(decision.label)}
                  </Button>
                )
                return mine ? (
                  <Tooltip key={decision.key} title={t('queue.firstApprovalYours')}>
                    {button}
                  </Tooltip>
                ) : (
                  button
                )
              })}
            </Space>
          ) : null
        }
        data-testid="queue-drawer"
      >
        {shown && config.approvals && (
          <FourEyesNote approvals={config.approvals(shown)} waiting={shown.status === config.waiting} />
        )}
        {shown && config.details(shown, t)}
      </Drawer>
      {shown && (
        <DecisionModal
          item={shown}
          decision={pending}
          onClose={() => setPending(null)}
          onDone={decided}
          onFailed={(refused) => {
            void queryClient.invalidateQueries({ queryKey: ['queue', config.name] })
            void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
            // Refused: the item is not what this drawer shows any more (decided by someone else).
            // The message says why; the list, read again, shows where it stands.
            if (refused) {
              setPending(null)
              setSelected(null)
            }
          }}
        />
      )}
    </ListCard>
  )
}
