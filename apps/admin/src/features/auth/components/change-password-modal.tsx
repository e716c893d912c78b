import { Alert, Form, Input, Modal } from 'antd'
import type { ButtonProps } from 'antd'
import { STAFF_PASSWORD_MAX_LENGTH } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { authApi } from '../api/auth-api.ts'
import { PasswordFields } from './new-password-step.tsx'

interface Values {
  current: string
  password: string
  repeat: string
}

/** Issue 22: one's own password, the current one asked again; one's other sessions end. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, save } = useSaveChange()

  async function submit(values: Values) {
    await save(
      () => authApi.changePassword(values.current, values.password),
      t('password.changed'),
      () => {
        form.resetFields()
        onClose()
      },
    )
  }

  return (
    <Modal
      open={open}
      title={t('password.change')}
      onCancel={onClose}
      okText={t('password.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'password-change-submit' } as ButtonProps}
      onOk={() => form.submit()}
      destroyOnHidden
      width={440}
    >
      <Alert type="info" showIcon title={t('password.changeHint')} style={{ marginBottom: 16 }} />
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="password-change-error"
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, max: STAFF_PASSWORD_MAX_LENGTH, message: t('signIn.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-current" />
        </Form.Item>
        <PasswordFields />
      </Form>
    </Modal>
  )
}
