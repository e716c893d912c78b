import { Tag } from 'antd'
import type { FeedbackCategory, FeedbackStatus } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'

const STATUS_COLOURS: Record<FeedbackStatus, string> = {
  new: 'blue',
  read: 'gold',
  answered: 'green',
  closed: 'default',
}

export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const t = useT()
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="feedback-status">
      {t(`feedback.status.${status}`)}
    </Tag>
  )
}

export function FeedbackCategoryTag({ category }: { category: FeedbackCategory }) {
  const t = useT()
  return <Tag>{t(`feedback.category.${category}`)}</Tag>
}
