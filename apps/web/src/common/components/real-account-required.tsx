import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ShieldIcon } from './icons.tsx'
import { Page } from './page.tsx'
import { RoundButton } from './round-button.tsx'

/** What a demo account sees on a screen reserved for real accounts (docs/product.md "Screens"). */
export function RealAccountRequired({ title }: { title: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Page title={title} backTo="/user">
      <div className="notice-state" data-testid="real-account-required">
        <div className="notice-state-icon">
          <ShieldIcon />
        </div>
        <p className="notice-state-text">{t('common.realAccountRequired')}</p>
        <RoundButton onClick={() => navigate('/register')}>{t('auth.registerNow')}</RoundButton>
      </div>
    </Page>
  )
}
