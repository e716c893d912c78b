import { Alert, Tag } from 'antd'
import type { AdminFirstApproval } from '@tp/contracts/light'
import { useT } from '../i18n/i18n.tsx'
import { utcText } from '../lib/format.ts'

/*
 * Four eyes on money (decision 025) in the review queues: a deposit or withdrawal above the
 * threshold needs two different staff members. The list tags it, and the drawer says who approved
 * first, when, and whether the reader may give the second approval.
 */

export interface Approvals {
  first: AdminFirstApproval | null
  two: boolean
}

/** The tag beside a waiting item's status: waiting for its second approval, or needing two. */
export function ApprovalsTag({ approvals }: { approvals: Approvals }) {
  const t = useT()
  if (approvals.first)
    return (
      <Tag color="blue" data-testid="queue-second-waiting">
        {t('queue.secondWaiting')}
      </Tag>
    )
  if (approvals.two)
    return (
      <Tag color="purple" data-testid="queue-two-approvals">
        {t('queue.twoApprovals')}
      </Tag>
    )
  return null
}

/** Said at the top of the drawer: what four eyes asks of this item, and of the reader. */
export function FourEyesNote({ approvals, waiting }: { approvals: Approvals; waiting: boolean }) {
  const t = useT()
  const { first } = approvals
  const by = first && (
    <>
      <div data-testid="first-approval-by">
        {t('queue.firstApprovalBy', { by: first.by, at: utcText(first.at) })}
      </div>
      {first.note && <div>{t('queue.firstApprovalNote', { note: first.note })}</div>}
    </>
  )
  if (!waiting) {
    if (!first) return null
    return (
      <Alert
        type="info"
        showIcon
        title={t('queue.firstApproval')}
        description={by}
        style={{ marginBottom: 16 }}
        data-testid="four-eyes-note"
      />
    )
  }
  if (first)
    return (
      <Alert
        type={first.by_you ? 'warning' : 'info'}
        showIcon
        title={t('queue.secondWaiting')}
        description={
          <>
            {by}
            <div>{first.by_you ? t('queue.firstApprovalYours') : t('queue.secondWaitingHint')}</div>
          </>
        }
        style={{ marginBottom: 16 }}
        data-testid="four-eyes-note"
      />
    )
  if (!approvals.two) return null
  return (
    <Alert
      type="info"
      showIcon
      title={t('queue.twoApprovals')}
      description={t('queue.twoApprovalsHint')}
      style={{ marginBottom: 16 }}
      data-testid="four-eyes-note"
    />
  )
}
