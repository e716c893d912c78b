import type { LegalDocumentSummary, LegalKind } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchLegalDocuments, LEGAL_DOCUMENTS_QUERY } from '../../../common/legal/legal-api.ts'
import { LegalDocumentSheet } from '../../../common/legal/legal-document-sheet.tsx'

/** The versions accepted, as the registration sends them (`client_agreement:3,…`). */
export const legalVersions = (documents: LegalDocumentSummary[]) =>
  documents.map((d) => `${d.kind}:${d.version}`).join(',')

/** The current documents (undefined while loading or when they could not be read). */
export function useRegistrationDocuments() {
  return useQuery({
    queryKey: [LEGAL_DOCUMENTS_QUERY, 'register'],
    queryFn: ({ signal }) => fetchLegalDocuments(signal),
  }).data
}

/**
 * The registration's consent (decision 045): the current documents, each opened in a sheet without
 * leaving the form, and the box that accepts them all.
 */
export function LegalConsent({
  documents,
  accepted,
  onChange,
}: {
  documents: LegalDocumentSummary[]
  accepted: boolean
  onChange: (accepted: boolean) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<LegalKind | undefined>()
  if (documents.length === 0) return null
  return (
    <div className="legal-consent" data-testid="register-legal">
      <p>{t('legal.registerIntro')}</p>
      <ul>
        {documents.map((document) => (
          <li key={document.kind}>
            <button
              type="button"
              className="text-link"
              data-testid={`register-legal-${document.kind}`}
              onClick={() => setOpen(document.kind)}
            >
              {document.title}
            </button>
          </li>
        ))}
      </ul>
      <label className="legal-consent-box">
        <input
          type="checkbox"
          checked={accepted}
          data-testid="register-accept"
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t('legal.registerAccept')}</span>
      </label>
      <LegalDocumentSheet kind={open} onClose={() => setOpen(undefined)} />
    </div>
  )
}
