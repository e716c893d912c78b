import { Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { CodeStep } from './code-step.tsx'

/**
 * Setting up the authenticator: the server's QR code is shown as an image (a data URL), never
 * inserted as HTML, so nothing in it can run even if it were not the SVG we expect.
 */
export function SetupStep({
  qrSvg,
  secret,
  busy,
  onSubmit,
}: {
  qrSvg: string
  secret: string
  busy: boolean
  onSubmit: (code: string) => void
}) {
  const t = useT()
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`
  return (
    <div data-testid="signin-setup">
      <Typography.Paragraph>{t('signIn.setupStep1')}</Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 16 }}>
        <img
          src={src}
          alt={t('signIn.qrAlt')}
          width={200}
          height={200}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, background: '#fff' }}
          data-testid="signin-qr"
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('signIn.setupManual')}
      </Typography.Paragraph>
      <Typography.Paragraph
        copyable={{ text: secret }}
        code
        style={{ fontSize: 15, wordBreak: 'break-all' }}
        data-testid="signin-secret"
      >
        {secret}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('signIn.setupStep2')}</Typography.Paragraph>
      <CodeStep busy={busy} onSubmit={onSubmit} />
    </div>
  )
}
