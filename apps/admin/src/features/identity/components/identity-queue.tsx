import { IdentityCheckStatus, REJECT_REASON_MAX_LENGTH, type IdentityQueueItem } from '@tp/contracts/light'
import { Alert } from 'antd'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { DetailImages, DetailList } from '../../../common/queue/detail-parts.tsx'
import type { QueueConfig } from '../../../common/queue/queue-config.ts'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { identityApi } from '../api/identity-api.ts'

const COLOURS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red' }

export const identityQueue: QueueConfig<IdentityQueueItem> = {
  name: 'identity',
  title: 'identity.title',
  statuses: [IdentityCheckStatus.Waiting, IdentityCheckStatus.Approved, IdentityCheckStatus.Rejected],
  waiting: IdentityCheckStatus.Waiting,
  statusLabel: (status) => `identity.status.${status}` as MessageKey,
  statusColour: (status) => COLOURS[status] ?? 'default',
  list: identityApi.list,
  columns: (t) => [
    { title: t('queue.id'), dataIndex: 'id', width: 80 },
    { title: t('queue.uid'), dataIndex: 'uid', width: 120 },
    { title: t('queue.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
    { title: t('identity.name'), dataIndex: 'name', ellipsis: true },
    { title: t('identity.cardId'), dataIndex: 'card_id' },
    {
      title: t('queue.submitted'),
      dataIndex: 'created_at',
      width: 200,
      render: (v: string) => <UtcTime value={v} />,
    },
  ],
  drawerTitle: (item, t) => `${t('identity.item')} #${item.id} · ${item.name}`,
  details: (item, t) => (
    <>
      {item.same_card_uids.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="identity-same-card"
          title={t('identity.sameCard', { uids: item.same_card_uids.join(', ') })}
          style={{ marginBottom: 16 }}
        />
      )}
      <DetailList
        rows={[
          { label: t('identity.name'), value: item.name },
          { label: t('identity.cardId'), value: item.card_id },
          { label: t('queue.uid'), value: item.uid },
          { label: t('queue.email'), value: item.email ?? '' },
          { label: t('queue.submitted'), value: <UtcTime value={item.created_at} /> },
          { label: t('queue.reviewed'), value: item.reviewed_at ? <UtcTime value={item.reviewed_at} /> : '' },
          { label: t('queue.reviewedBy'), value: item.reviewed_by },
          { label: t('identity.reason'), value: item.reject_reason, wide: true },
        ]}
      />
      <DetailImages
        images={[
          { src: item.front_pic, caption: t('identity.front') },
          { src: item.reverse_pic, caption: t('identity.reverse') },
        ]}
      />
    </>
  ),
  decisions: [
    {
      key: 'approve',
      label: 'queue.approve',
      kind: 'approve',
      title: (item, t) => t('identity.approveConfirm', { name: item.name }),
      hint: (_item, t) => t('identity.approveHint'),
      done: 'queue.approved',
      call: (id) => identityApi.approve(id),
    },
    {
      key: 'reject',
      label: 'queue.reject',
      kind: 'reject',
      title: (_item, t) => t('identity.rejectTitle'),
      input: {
        field: 'reason',
        label: 'identity.reason',
        required: 'identity.reasonRequired',
        hint: 'identity.reasonHint',
        maxLength: REJECT_REASON_MAX_LENGTH,
        multiline: true,
      },
      done: 'queue.rejected',
      call: (id, body) => identityApi.reject(id, body.reason ?? ''),
    },
  ],
}
