import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../../../shared/api/basic-info.ts'
import { Page } from '../../../shared/components/page.tsx'

/** SPEC.md section 9: the site runs as a demo when its title is DEMO; the notice says so in red. */
const DEMO_SITE_TITLE = 'DEMO'

/** /mine/announcement: the fixed notice about the countries the service is not offered in. */
export function AnnouncementScreen() {
  const { t } = useTranslation()
  const demoSite = useBasicInfo().data?.site_title?.trim().toUpperCase() === DEMO_SITE_TITLE
  return (
    <Page title={t('pages.announcement')} backTo="/user">
      <article className="info-card announcement" data-testid="announcement">
        <h2 className="announcement-title">
          {t('announcement.title')}
          {demoSite && <span className="announcement-demo">{t('announcement.demoMarker')}</span>}
        </h2>
        <p>{t('announcement.body')}</p>
      </article>
    </Page>
  )
}
