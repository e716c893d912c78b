import type { Company } from '@tp/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LogoImage } from '../../../shared/components/logo-image.tsx'
import { LoadFailed } from '../../../shared/components/load-failed.tsx'
import { PageLoading } from '../../../shared/components/page-loading.tsx'

/** Only a real http(s) address becomes a link, so a bad entry cannot run script via javascript: URLs. */
function safeWebsite(url: string): URL | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null
  } catch {
    return null
  }
}

function CompanyRow({ company }: { company: Company }) {
  const website = safeWebsite(company.url)
  const body = (
    <>
      <LogoImage src={company.logo} name={company.name} />
      <span className="market-row-name">
        <bdi className="market-row-code">{company.name}</bdi>
        {company.subject && <bdi className="market-row-sub">{company.subject}</bdi>}
      </span>
      {website && (
        <span className="company-link num" dir="ltr">
          {website.host}
        </span>
      )}
    </>
  )
  return website ? (
    <a
      className="market-row"
      href={website.href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="company-row"
    >
      {body}
    </a>
  ) : (
    <div className="market-row" data-testid="company-row">
      {body}
    </div>
  )
}

/** Main mode's partner companies matching the search, with their loading, error and empty states. */
export function CompanyResults({ query }: { query: UseQueryResult<Company[]> }) {
  const { t } = useTranslation()
  let content
  if (query.isPending) content = <PageLoading />
  else if (query.isError && !query.data) content = <LoadFailed onRetry={() => void query.refetch()} />
  else if (query.data.length === 0) content = <p className="list-empty">{t('market.noCompanies')}</p>
  else {
    content = (
      <div className="market-list">
        {query.data.map((company) => (
          <CompanyRow key={company.id} company={company} />
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
    </section>
  )
}
