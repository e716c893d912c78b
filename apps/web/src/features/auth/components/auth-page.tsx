import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { BrandMark, useBrandName } from '../../../common/components/brand.tsx'
import { GlobeIcon } from '../../../common/components/icons.tsx'
import { Page } from '../../../common/components/page.tsx'

interface Props {
  title: string
  subtitle: string
  children: ReactNode
  backTo?: string
}

/** The frame of the sign-in screens: brand, heading, language entry. */
export function AuthPage({ title, subtitle, children, backTo = '/' }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const brand = useBrandName()
  return (
    <Page
      title=""
      backTo={backTo}
      className="auth-page"
      right={
        <button
          type="button"
          className="nav-icon-button"
          data-testid="language-entry"
          aria-label={t('pages.language')}
          onClick={() => navigate('/language')}
        >
          <GlobeIcon />
        </button>
      }
    >
      <header className="auth-hero">
        <div className="auth-brand">
          <BrandMark size={40} />
          <span className="auth-brand-name">{brand}</span>
        </div>
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
      </header>
      {children}
    </Page>
  )
}
