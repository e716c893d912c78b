import type { LegalKind } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../components/load-failed.tsx'
import { PageLoading } from '../components/page-loading.tsx'
import { formatDateTime } from '../lib/datetime.ts'
import { fetchLegalDocument, LEGAL_DOCUMENT_QUERY } from './legal-api.ts'
import './legal.css'

/** One current document: its title, version and date, and its text as paragraphs (plain text). */
export function LegalDocumentView({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation()
  const document = useQuery({
    queryKey: [LEGAL_DOCUMENT_QUERY, kind, i18n.language],
    queryFn: ({ signal }) => fetchLegalDocument(kind, signal),
  })
  if (document.isPending) return <PageLoading />
  if (document.isError) return <LoadFailed onRetry={() => void document.refetch()} />
  const { title, version, published_at, body, lang } = document.data
  return (
    <article className="legal-document" data-testid={`legal-document-${kind}`}>
      <h2 dir="auto">{title}</h2>
      <p className="legal-meta">{t('legal.version', { version, date: formatDateTime(published_at) })}</p>
      {lang !== i18n.language && <p className="legal-note">{t('legal.englishOnly')}</p>}
      <div className="legal-body" lang={lang} dir="auto">
        {body.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </article>
  )
}
