import { useState } from 'react'
import { App, Alert, Button, Checkbox, Typography } from 'antd'
import { CopyOutlined } from '@ant-design/icons'
import { useT } from '../../../common/i18n/i18n.tsx'

/** The recovery codes, shown once right after TOTP is set up; going on needs the "saved" tick. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT()
  const { message } = App.useApp()
  const [saved, setSaved] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      message.success(t('common.copied'))
    } catch {
      // Clipboard refused (no secure context): the codes stay on screen to copy by hand.
    }
  }
  return (
    <div data-testid="signin-recovery-codes">
      <Alert type="warning" showIcon title={t('signIn.recoveryCodesHint')} style={{ marginBottom: 16 }} />
      <ol
        style={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: '6px 24px',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 15,
          padding: '12px 12px 12px 36px',
          background: '#fafafa',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Button icon={<CopyOutlined />} onClick={copy} block style={{ marginBottom: 16 }}>
        {t('signIn.recoveryCodesCopy')}
      </Button>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} data-testid="recovery-saved">
        {t('signIn.recoveryCodesSaved')}
      </Checkbox>
      <Button
        type="primary"
        block
        size="large"
        disabled={!saved}
        onClick={onDone}
        style={{ marginTop: 16 }}
        data-testid="recovery-continue"
      >
        {t('signIn.recoveryCodesContinue')}
      </Button>
      <Typography.Paragraph />
    </div>
  )
}
