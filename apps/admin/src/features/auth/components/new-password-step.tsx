import { Button, Form, Input, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { STAFF_PASSWORD_MAX_LENGTH } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'

const PASSWORD_MIN = 12

/**
 * Issue 22: signed in with a one-time password (a new account, or a reset second factor): the
 * staff member's own password first, nothing else; then the second factor as usual.
 */
export function NewPasswordStep({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string) => void }) {
  const t = useT()
  return (
    <Form<{ password: string; repeat: string }>
      layout="vertical"
      onFinish={(values) => onSubmit(values.password)}
      requiredMark={false}
      data-testid="signin-new-password"
    >
      <Typography.Paragraph type="secondary">{t('password.firstHint')}</Typography.Paragraph>
      <PasswordFields />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={busy}
        data-testid="signin-new-submit"
      >
        {t('password.save')}
      </Button>
    </Form>
  )
}

/** A new password typed twice (12 to 128 characters), for the first sign-in and for a change. */
export function PasswordFields() {
  const t = useT()
  return (
    <>
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={[
          { required: true, min: PASSWORD_MIN, max: STAFF_PASSWORD_MAX_LENGTH, message: t('password.rule') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('password.repeat')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.mismatch') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="password-repeat" />
      </Form.Item>
    </>
  )
}
