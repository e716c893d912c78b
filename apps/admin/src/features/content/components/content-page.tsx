import { useSearchParams } from 'react-router'
import { Tabs, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { CompaniesTab } from './companies-tab.tsx'
import { NewsTab } from './news-tab.tsx'

/** News articles and partner companies (issue 11, item 5); the open tab is kept in the URL. */
export function ContentPage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'companies' ? 'companies' : 'news'
  return (
    <div data-testid="content-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('content.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'news' ? {} : { tab: key })}
        items={[
          {
            key: 'news',
            label: <span data-testid="tab-news">{t('content.news')}</span>,
            children: <NewsTab />,
          },
          {
            key: 'companies',
            label: <span data-testid="tab-companies">{t('content.companies')}</span>,
            children: <CompaniesTab />,
          },
        ]}
      />
    </div>
  )
}
