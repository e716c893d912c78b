import { Button, Popup } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { copyText } from '../../../common/lib/clipboard.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'

/** The recovery codes, shown once (right after the first factor, or new ones): copy them, keep them. */
export function RecoveryCodesSheet({ codes, onClose }: { codes: string[] | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const list = codes ?? []
  return (
    <Popup visible={list.length > 0} position="bottom" bodyClassName="security-sheet" destroyOnClose>
      <div data-testid="recovery-codes">
        <h2 className="step-up-title">{t('security.codesTitle')}</h2>
        <p className="step-up-hint">{t('security.codesHint')}</p>
        <ol className="recovery-codes" data-testid="recovery-codes-list">
          {list.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className="security-actions">
          <Button
            block
            shape="rounded"
            fill="outline"
            onClick={() =>
              void copyText(list.join('\n')).then((copied) =>
                copied ? toastSuccess(t('common.copied')) : toastInfo(t('common.copyFailed')),
              )
            }
          >
            {t('common.copy')}
          </Button>
          <Button block shape="rounded" color="primary" data-testid="recovery-codes-done" onClick={onClose}>
            {t('security.savedThem')}
          </Button>
        </div>
      </div>
    </Popup>
  )
}
