import { useEffect, useState } from 'react'
import { Alert, App, Form, Input, Modal, Typography } from 'antd'
import { ApiError } from '../api/client.ts'
import { useT } from '../i18n/i18n.tsx'
import type { Decision } from './queue-config.ts'

/**
 * The confirmation of one decision, with its input when it asks one (a reason, a remark, the
 * transfer reference). Errors of the call stay in the dialog so the input is not lost.
 */
export function DecisionModal<T extends { id: number }>({
  item,
  decision,
  onClose,
  onDone,
  onFailed,
}: {
  item: T
  decision: Decision<T> | null
  onClose: () => void
  onDone: (decision: Decision<T>, answer: unknown) => void
  /** The call failed; `refused` when the server said no (another member of staff was quicker, say). */
  onFailed: (refused: boolean) => void
}) {
  const t = useT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Record<string, string>>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (decision) {
      form.resetFields()
      setError(null)
    }
  }, [decision, form])

  if (!decision) return null
  const input = typeof decision.input === 'function' ? decision.input(item) : decision.input

  async function confirm() {
    if (!decision) return
    let body: Record<string, string> = {}
    if (input) {
      try {
        body = await form.validateFields()
      } catch {
        return
      }
    }
    setBusy(true)
    setError(null)
    try {
      const answer = await decision.call(item.id, body)
      onDone(decision, answer)
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : String(failure)
      // Said twice on purpose: the message for the moment, the line in the dialog for reading.
      message.error(text)
      setError(text)
      onFailed(failure instanceof ApiError && failure.code === 0)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={decision.title(item, t)}
      onCancel={onClose}
      onOk={confirm}
      okText={t(decision.label)}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision.kind !== 'approve', loading: busy, 'data-testid': 'decision-ok' }}
      destroyOnHidden
      data-testid="decision-modal"
    >
      {decision.hint && (
        <Typography.Paragraph type="secondary">{decision.hint(item, t)}</Typography.Paragraph>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 12 }}
          data-testid="decision-error"
        />
      )}
      {input && (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm}>
          <Form.Item
            name={input.field}
            label={t(input.label)}
            extra={input.hint ? t(input.hint) : undefined}
            rules={[{ required: true, whitespace: true, message: t(input.required) }]}
          >
            {input.multiline ? (
              <Input.TextArea
                rows={3}
                maxLength={input.maxLength}
                showCount
                autoFocus
                data-testid="decision-input"
              />
            ) : (
              <Input maxLength={input.maxLength} autoFocus data-testid="decision-input" />
            )}
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
