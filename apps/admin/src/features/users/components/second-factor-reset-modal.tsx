import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Input, Modal, type ButtonProps } from 'antd'
import type { AdminUserDetail } from '@tp/contracts/light'
import { useState } from 'react'
import { useT } from '../../../common/i18n/i18n.tsx'
import { usersApi } from '../api/users-api.ts'

/** As the server reads `identity_check` (contracts' secondFactorResetRequest). */
const CHECK_MIN = 10
const CHECK_MAX = 500

/**
 * Removing a client's second factor (decision 047): only after checking who they are against their
 * verified identity, which the admin describes; the audit keeps it beside what was removed.
 */
export function SecondFactorResetModal({ user, onClose }: { user: AdminUserDetail; onClose: () => void }) {
  const t = useT()
  const [form] = Form.useForm<{ check: string }>()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  async function submit({ check }: { check: string }) {
    setBusy(true)
    try {
      await usersApi.resetSecondFactor(user.id, check.trim())
      void message.success(t('users.secondFactorResetDone'))
      onClose()
    } catch {
      // The API client has shown the server's message (an identity not verified, say).
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: ['user', user.id] })
    }
  }

  return (
    <Modal
      open
      title={t('users.secondFactorResetTitle', { uid: user.uid })}
      okText={t('users.secondFactorReset')}
      okButtonProps={
        { danger: true, loading: busy, 'data-testid': 'second-factor-reset-submit' } as ButtonProps
      }
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="second-factor-reset-modal"
    >
      <Alert type="warning" showIcon title={t('users.secondFactorResetHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="check"
          label={t('users.secondFactorResetCheck')}
          extra={t('users.secondFactorResetCheckHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                (value ?? '').trim().length >= CHECK_MIN
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('users.secondFactorResetCheckRequired'))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={CHECK_MAX} showCount data-testid="second-factor-reset-check" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
