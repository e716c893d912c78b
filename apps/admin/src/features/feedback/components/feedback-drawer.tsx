import { useEffect, useState } from 'react'
import { Alert, Button, Descriptions, Drawer, Input, Radio, Space, Typography } from 'antd'
import {
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_STATUSES,
  LANGUAGES,
  type AdminFeedbackItem,
  type FeedbackStatus,
} from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { feedbackApi } from '../api/feedback-api.ts'
import { FeedbackCategoryTag, FeedbackStatusTag } from './feedback-tags.tsx'

interface Props {
  item: AdminFeedbackItem | null
  onClose: () => void
  onSaved: () => unknown
}

/** One feedback: who sent it, from where, the text as typed; its status and the answer the user reads. */
export function FeedbackDrawer({ item, onClose, onSaved }: Props) {
  const t = useT()
  const [status, setStatus] = useState<FeedbackStatus>('new')
  const [answer, setAnswer] = useState('')
  const { saving, refusal, setRefusal, save } = useSaveChange()

  useEffect(() => {
    if (!item) return
    setStatus(item.status)
    setAnswer(item.answer)
    setRefusal(undefined)
  }, [item, setRefusal])

  if (!item) return <Drawer open={false} />
  const none = <Typography.Text type="secondary">{t('feedback.none')}</Typography.Text>
  const missingAnswer = status === 'answered' && answer.trim() === ''

  return (
    <Drawer
      open
      width={560}
      onClose={onClose}
      title={t('feedback.detailTitle', { id: item.id })}
      data-testid="feedback-drawer"
      extra={
        <Button
          type="primary"
          loading={saving}
          disabled={missingAnswer}
          data-testid="feedback-save"
          onClick={() =>
            void save(() => feedbackApi.update(item.id, { status, answer }), t('feedback.saved'), onSaved)
          }
        >
          {t('feedback.save')}
        </Button>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('feedback.user')}>
            {item.uid} · {item.login}
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.account')}>
            {t(item.demo ? 'feedback.demo' : 'feedback.real')}
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.category')}>
            <FeedbackCategoryTag category={item.category} />
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.time')}>
            <UtcTime value={item.created_at} />
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.language')}>
            {LANGUAGES.find((language) => language.code === item.language)?.name ?? item.language} (
            {item.language})
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.contact')}>
            {item.contact_email ? (
              <Typography.Text copyable data-testid="feedback-contact">
                {item.contact_email}
              </Typography.Text>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.appVersion')}>{item.app_version || none}</Descriptions.Item>
          <Descriptions.Item label={t('feedback.screen')}>{item.screen || none}</Descriptions.Item>
          <Descriptions.Item label={t('feedback.status')}>
            <FeedbackStatusTag status={item.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('feedback.handledBy')}>{item.handled_by || none}</Descriptions.Item>
          {item.handled_by !== '' ? (
            <Descriptions.Item label={t('feedback.updatedAt')}>
              <UtcTime value={item.updated_at} />
            </Descriptions.Item>
          ) : null}
          {item.answered_at !== '' ? (
            <Descriptions.Item label={t('feedback.answeredAt')}>
              <UtcTime value={item.answered_at} />
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <div>
          <Typography.Text strong>{t('feedback.text')}</Typography.Text>
          {/* The user's text as text: React escapes it, and pre-wrap keeps its lines. */}
          <Typography.Paragraph
            data-testid="feedback-detail-text"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 8, marginBottom: 4 }}
          >
            {item.text}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('feedback.plainText')}
          </Typography.Text>
        </div>
        <div>
          <Typography.Text strong>{t('feedback.status')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Radio.Group
              data-testid="feedback-status-choice"
              value={status}
              optionType="button"
              onChange={(event) => setStatus(event.target.value as FeedbackStatus)}
              options={FEEDBACK_STATUSES.map((value) => ({
                value,
                label: t(`feedback.status.${value}`),
              }))}
            />
          </div>
        </div>
        <div>
          <Typography.Text strong>{t('feedback.answer')}</Typography.Text>
          <Input.TextArea
            data-testid="feedback-answer"
            style={{ marginTop: 8 }}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            maxLength={FEEDBACK_ANSWER_MAX}
            showCount
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={t('feedback.answerPlaceholder', { max: FEEDBACK_ANSWER_MAX })}
          />
        </div>
        {missingAnswer && <Alert type="info" showIcon message={t('feedback.answerRequired')} />}
        {refusal && <Alert type="error" showIcon message={refusal} data-testid="feedback-refusal" />}
      </Space>
    </Drawer>
  )
}
