import { STATEMENT_FORMATS, type StatementFormat } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastInfo } from '../../../common/lib/toast.ts'
import { downloadStatement } from '../api/history-api.ts'
import type { HistoryPeriod } from '../../../common/history/history-period.ts'
import '../../../common/history/history-period.css'

/** The period's statement to download, as CSV (in the reader's language) or PDF (in English). */
export function StatementDownload({ period }: { period: HistoryPeriod }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const download = async (format: StatementFormat) => {
    if (busy) return
    setBusy(true)
    try {
      await downloadStatement(period, format)
      toastInfo(t('history.downloaded'))
    } catch {
      // The API client has toasted the refusal or the network failure.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="history-download">
      <span className="history-download-title">{t('history.statement')}</span>
      {STATEMENT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="history-button history-download-button"
          disabled={busy}
          data-testid={`statement-${format}`}
          onClick={() => void download(format)}
        >
          {format.toUpperCase()}
        </button>
      ))}
      <p className="history-download-note">{t('history.pdfNote')}</p>
    </div>
  )
}
