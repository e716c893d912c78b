import { useTranslation } from 'react-i18next'
import { ClockIcon } from './icons.tsx'
import { Page } from './page.tsx'

interface Props {
  title: string
  back?: boolean
}

/** An honest placeholder for a screen that a later release brings; it never shows invented data. */
export function ComingSoon({ title, back = true }: Props) {
  const { t } = useTranslation()
  return (
    <Page title={title} back={back}>
      <div className="notice-state" data-testid="coming-soon">
        <div className="notice-state-icon">
          <ClockIcon />
        </div>
        <h2 className="notice-state-title">{t('common.comingSoonTitle')}</h2>
        <p className="notice-state-text">{t('common.comingSoonText')}</p>
      </div>
    </Page>
  )
}
