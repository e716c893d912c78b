import { App, Alert, Form, Input, Modal, Select, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { staffApi, type StaffRoleName } from '../../../common/api/staff-api.ts'
import { useRoleOptions } from './role-tag.tsx'

interface Values {
  email: string
  name: string
  role: StaffRoleName
}

/**
 * Adds a staff member (issue 22): the server makes a one-time password and e-mails it to them
 * (no staff member ever sees it, here or elsewhere), which they replace with their own at their first sign-in before setting up their authenticator. An
 * administrator or finance member waits for a second administrator (the Approvals page), unless
 * one is the only administrator.
 */
export function AddStaffModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean
  onClose: () => void
  onAdded: () => void
}) {
  const t = useT()
  const { message, modal } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, save } = useSaveChange()
  const roles = useRoleOptions()

  async function submit(values: Values) {
    const name = values.name.trim()
    await save(
      () => staffApi.create({ ...values, email: values.email.trim(), name }),
      (answer) => {
        if (!('password_sent_to' in answer)) return
        message.success(t('staff.added', { name }))
        modal.info({
          title: t('staff.added', { name }),
          width: 480,
          content: (
            <Typography.Paragraph data-testid="password-sent">
              {t('approvals.passwordSent', { email: answer.password_sent_to })}
            </Typography.Paragraph>
          ),
        })
      },
      () => {
        form.resetFields()
        onAdded()
      },
    )
  }

  return (
    <Modal
      open={open}
      title={t('staff.addTitle')}
      onCancel={onClose}
      okText={t('staff.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'staff-add-submit' } as ButtonProps}
      onOk={() => form.submit()}
      destroyOnHidden
      width={560}
    >
      <Alert type="info" showIcon title={t('staff.addHint')} style={{ marginBottom: 16 }} />
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="staff-add-error"
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="email"
          label={t('staff.email')}
          rules={[{ required: true, type: 'email', max: 254, message: t('staff.emailRequired') }]}
        >
          <Input data-testid="staff-add-email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('staff.name')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('staff.nameRequired') }]}
        >
          <Input data-testid="staff-add-name" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('staff.role')}
          rules={[{ required: true, message: t('staff.roleRequired') }]}
        >
          <Select data-testid="staff-add-role" options={roles} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
