import type { Company } from '@tp/contracts/light'
import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LogoImage } from '../../../common/components/logo-image.tsx'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { rememberedCompany } from '../../../common/lib/company-cookie.ts'
import { CompanySheet } from './company-sheet.tsx'

function CompanyRow({ company, chosen, onOpen }: { company: Company; chosen: boolean; onOpen: () => void }) {
  const { t } = useTranslation()
  return (
    <button type="button" className="market-row company-row" data-testid="company-row" onClick={onOpen}>
      <LogoImage src={company.logo} name={company.name} />
      <span className="market-row-name">
        <bdi className="market-row-code">{company.name}</bdi>
        {company.subject && <bdi className="market-row-sub">{company.subject}</bdi>}
      </span>
      {chosen && <span className="company-chosen">{t('company.chosen')}</span>}
    </button>
  )
}

/** Main mode's partner companies matching the search, with their loading, error and empty states. */
export function CompanyResults({ query }: { query: UseQueryResult<Company[]> }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<Company | null>(null)
  const [chosen, setChosen] = useState(rememberedCompany)
  let content
  if (query.isPending) content = <PageLoading />
  else if (query.isError && !query.data) content = <LoadFailed onRetry={() => void query.refetch()} />
  else if (query.data.length === 0) content = <p className="list-empty">{t('market.noCompanies')}</p>
  else {
    content = (
      <div className="market-list">
        {query.data.map((company) => (
          <CompanyRow
            key={company.id}
            company={company}
            chosen={company.id === chosen}
            onOpen={() => setOpen(company)}
          />
        ))}
      </div>
    )
  }
  return (
    <section className="search-section" aria-labelledby="company-results-title">
      <h2 className="search-section-title" id="company-results-title">
        {t('market.companies')}
      </h2>
      {content}
      <CompanySheet
        company={open}
        chosen={open !== null && open.id === chosen}
        onChoose={(id) => setChosen(id)}
        onClose={() => setOpen(null)}
      />
    </section>
  )
}
