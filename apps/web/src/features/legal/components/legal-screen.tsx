import type { LegalDocumentSummary, LegalKind } from '@tp/contracts/light'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { formatDateTime } from '../../../common/lib/datetime.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import { acceptLegal, fetchLegalDocuments, LEGAL_DOCUMENTS_QUERY } from '../../../common/legal/legal-api.ts'
import { LegalDocumentSheet } from '../../../common/legal/legal-document-sheet.tsx'
import '../../../common/legal/legal.css'

/** One document in the list: its title (opens it), version and date, and whether it is accepted. */
function DocumentRow({ document, onOpen }: { document: LegalDocumentSummary; onOpen: () => void }) {
  const { t } = useTranslation()
  return (
    <li className="legal-row" data-testid={`legal-${document.kind}`} data-accepted={document.accepted}>
      <button
        type="button"
        className="legal-row-link"
        data-testid={`legal-open-${document.kind}`}
        onClick={onOpen}
      >
        <span className="legal-row-title" dir="auto">
          {document.title}
        </span>
        <span className="legal-meta">
          {t('legal.version', { version: document.version, date: formatDateTime(document.published_at) })}
        </span>
      </button>
      <span className={document.accepted ? 'legal-status legal-status-ok' : 'legal-status'}>
        {document.accepted ? t('legal.accepted') : t('legal.pending')}
      </span>
    </li>
  )
}

/**
 * /mine/legal: the current documents and whether the user accepted each; new versions are accepted
 * here (the page a refused deposit or trade names). Reading one opens it in a sheet.
 */
export function LegalScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState<LegalKind | undefined>()
  const documents = useQuery({
    queryKey: [LEGAL_DOCUMENTS_QUERY],
    queryFn: ({ signal }) => fetchLegalDocuments(signal),
    refetchOnMount: 'always',
  })

  const acceptPending = async (pending: LegalDocumentSummary[]) => {
    setBusy(true)
    try {
      for (const document of pending) await acceptLegal(document.kind, document.version)
      toastSuccess(t('legal.acceptedAll'))
    } catch {
      // The API client showed why (a newer version: the list below shows it now).
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: [LEGAL_DOCUMENTS_QUERY] })
    }
  }

  let body
  if (documents.isPending) body = <PageLoading />
  else if (documents.isError) body = <LoadFailed onRetry={() => void documents.refetch()} />
  else {
    const pending = documents.data.filter((d) => !d.accepted)
    const gated = pending.some((d) => d.required)
    body = (
      <>
        <p className={gated ? 'legal-intro legal-intro-needed' : 'legal-intro'} data-testid="legal-intro">
          {pending.length === 0 ? t('legal.allAccepted') : gated ? t('legal.needed') : t('legal.intro')}
        </p>
        <ul className="legal-list">
          {documents.data.map((document) => (
            <DocumentRow key={document.kind} document={document} onOpen={() => setOpen(document.kind)} />
          ))}
        </ul>
        {pending.length > 0 && (
          <div className="legal-accept">
            <p>{t('legal.acceptLabel')}</p>
            <Button
              block
              color="primary"
              shape="rounded"
              loading={busy}
              data-testid="legal-accept"
              onClick={() => void acceptPending(pending)}
            >
              {t('legal.acceptButton')}
            </Button>
          </div>
        )}
      </>
    )
  }
  return (
    <Page title={t('legal.title')} backTo="/user">
      {body}
      <LegalDocumentSheet kind={open} onClose={() => setOpen(undefined)} />
    </Page>
  )
}
