import { Button, Form, Input } from 'antd'
import { LockOutlined, MailOutlined } from '@ant-design/icons'
import { useT } from '../../../common/i18n/i18n.tsx'

export interface Credentials {
  email: string
  password: string
}

export function PasswordStep({ busy, onSubmit }: { busy: boolean; onSubmit: (values: Credentials) => void }) {
  const t = useT()
  return (
    <Form<Credentials>
      layout="vertical"
      onFinish={onSubmit}
      requiredMark={false}
      data-testid="signin-password"
    >
      <Form.Item
        name="email"
        label={t('signIn.email')}
        rules={[{ required: true, whitespace: true, message: t('signIn.emailRequired') }]}
      >
        <Input
          prefix={<MailOutlined />}
          autoComplete="username"
          autoFocus
          size="large"
          data-testid="signin-email"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('signIn.password')}
        rules={[{ required: true, message: t('signIn.passwordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          size="large"
          data-testid="signin-pass"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="signin-submit">
        {t('signIn.submit')}
      </Button>
    </Form>
  )
}
