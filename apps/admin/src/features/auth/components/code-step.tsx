import { Button, Form, Input, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'

/** The 6-digit authenticator code (also the last part of setting TOTP up). */
export function CodeStep({ busy, onSubmit }: { busy: boolean; onSubmit: (code: string) => void }) {
  const t = useT()
  return (
    <Form<{ code: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) => onSubmit(code.trim())}
      data-testid="signin-totp"
    >
      <Form.Item
        name="code"
        label={t('signIn.code')}
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('signIn.codeInvalid') }]}
      >
        <Input.OTP length={6} size="large" autoFocus data-testid="signin-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="signin-verify">
        {t('signIn.verify')}
      </Button>
    </Form>
  )
}

export function RecoveryStep({ busy, onSubmit }: { busy: boolean; onSubmit: (code: string) => void }) {
  const t = useT()
  return (
    <Form<{ code: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) => onSubmit(code.trim())}
      data-testid="signin-recovery"
    >
      <Typography.Paragraph type="secondary">{t('signIn.recoveryHint')}</Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('signIn.recoveryCode')}
        rules={[{ required: true, whitespace: true, message: t('signIn.recoveryRequired') }]}
      >
        <Input
          size="large"
          autoFocus
          autoComplete="one-time-code"
          maxLength={32}
          data-testid="signin-recovery-code"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={busy}
        data-testid="signin-recovery-submit"
      >
        {t('signIn.verify')}
      </Button>
    </Form>
  )
}
