import type { Company } from '@tp/contracts/light'
import { Button, Popup } from 'antd-mobile'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LogoImage } from '../../../common/components/logo-image.tsx'
import { rememberCompany } from '../../../common/lib/company-cookie.ts'
import { webUrl } from '../../../common/lib/web-address.ts'

/** A plain address that can be written to; anything else is shown as text only. */
const mailable = (email: string) => /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(email)

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="company-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

interface Props {
  company: Company | null
  chosen: boolean
  onChoose: (id: number) => void
  onClose: () => void
}

/** A partner company's details (docs/product.md "What it is"), and choosing it (kept in the company_id cookie). */
export function CompanySheet({ company, chosen, onChoose, onClose }: Props) {
  const { t } = useTranslation()
  // Only a real http(s) address becomes a link, so a bad entry cannot run script via javascript: URLs.
  const website = company ? webUrl(company.url) : null
  return (
    <Popup
      visible={company !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="company-sheet"
      destroyOnClose
    >
      {company && (
        <section aria-label={t('company.details')} data-testid="company-sheet">
          <header className="company-sheet-head">
            <LogoImage src={company.logo} name={company.name} />
            <h2>
              <bdi>{company.name}</bdi>
            </h2>
          </header>
          <dl className="company-fields">
            {company.subject && <Field label={t('company.subject')}>{company.subject}</Field>}
            {website && (
              <Field label={t('company.website')}>
                <a href={website.href} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {website.host}
                </a>
              </Field>
            )}
            {company.registered_address && (
              <Field label={t('company.registeredAddress')}>{company.registered_address}</Field>
            )}
            {company.location && <Field label={t('company.location')}>{company.location}</Field>}
            {company.email && (
              <Field label={t('company.email')}>
                {mailable(company.email) ? (
                  <a href={`mailto:${company.email}`} dir="ltr">
                    {company.email}
                  </a>
                ) : (
                  <span dir="ltr">{company.email}</span>
                )}
              </Field>
            )}
          </dl>
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={chosen}
            data-testid="company-choose"
            onClick={() => {
              rememberCompany(company.id)
              onChoose(company.id)
            }}
          >
            {chosen ? t('company.chosen') : t('company.choose')}
          </Button>
        </section>
      )}
    </Popup>
  )
}
