import { useState } from 'react'
import { App, Alert, Button, Form, Input, Modal, Select, Space } from 'antd'
import type { ButtonProps } from 'antd'
import { STAFF_PASSWORD_MAX_LENGTH } from '@tp/contracts'
import { useT } from '../../../shared/i18n/i18n.tsx'
import { staffApi, type StaffRoleName } from '../api/staff-api.ts'
import { useRoleOptions } from './role-tag.tsx'

interface Values {
  email: string
  name: string
  role: StaffRoleName
  password: string
}

const PASSWORD_MIN = 12
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 16 characters from the browser's secure random source (about 94 bits). */
function generatedPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

/** Adds a staff member: they set up their authenticator at their first sign-in. */
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
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [shown, setShown] = useState(false)
  const roles = useRoleOptions()

  async function submit(values: Values) {
    setSaving(true)
    setRefusal(undefined)
    try {
      await staffApi.create({ ...values, email: values.email.trim(), name: values.name.trim() })
      message.success(t('staff.added', { name: values.name.trim() }))
      form.resetFields()
      onAdded()
    } catch (error) {
      setRefusal((error as Error).message)
    } finally {
      setSaving(false)
    }
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
        <Form.Item label={t('staff.password')} extra={t('staff.passwordHint')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="password"
              noStyle
              rules={[
                {
                  required: true,
                  min: PASSWORD_MIN,
                  max: STAFF_PASSWORD_MAX_LENGTH,
                  message: t('staff.passwordRule'),
                },
              ]}
            >
              <Input.Password
                data-testid="staff-add-password"
                autoComplete="new-password"
                visibilityToggle={{ visible: shown, onVisibleChange: setShown }}
              />
            </Form.Item>
            <Button
              onClick={() => {
                form.setFieldsValue({ password: generatedPassword() })
                setShown(true)
              }}
            >
              {t('staff.generate')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  )
}
