import type { InviteInfo } from '@tp/contracts/light'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../common/lib/clipboard.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { inviteLinks } from '../lib/invite-links.ts'

/** A value to copy: its label, the value (left to right in every language) and a copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation()
  async function copy() {
    toastInfo((await copyText(value)) ? t('common.copied') : t('common.copyFailed'))
  }
  return (
    <div className="invite-row">
      <div className="invite-row-body">
        <p className="invite-row-label">{label}</p>
        <p className="invite-row-value num" dir="ltr" data-testid={testId}>
          {value}
        </p>
      </div>
      <button
        type="button"
        className="invite-copy"
        data-testid={`${testId}-copy`}
        onClick={() => void copy()}
      >
        {t('common.copy')}
      </button>
    </div>
  )
}

export function InviteCard({ info }: { info: InviteInfo }) {
  const { t } = useTranslation()
  const links = inviteLinks(window.location.origin, info.invite_code)
  return (
    <>
      <section className="invite-hero">
        <p className="invite-hero-title">{t('invite.title')}</p>
        <p className="invite-hero-text">{t('invite.text')}</p>
        <p className="invite-code num" dir="ltr" data-testid="invite-code">
          {info.invite_code}
        </p>
        <p className="invite-joined">
          <span>{t('invite.joined')}</span>
          <span className="invite-joined-count num" data-testid="invite-count">
            {info.invited_count}
          </span>
        </p>
      </section>
      <section className="form-card invite-qr">
        <QRCodeSVG
          value={links.hash}
          level="H"
          size={160}
          data-testid="invite-qr"
          title={t('invite.qrTitle')}
        />
        <p className="invite-qr-hint">{t('invite.scanHint')}</p>
      </section>
      <section className="form-card invite-rows">
        <CopyRow label={t('invite.code')} value={info.invite_code} testId="invite-code-value" />
        <CopyRow label={t('invite.link')} value={links.hash} testId="invite-link" />
        <CopyRow label={t('invite.plainLink')} value={links.plain} testId="invite-plain-link" />
      </section>
    </>
  )
}
