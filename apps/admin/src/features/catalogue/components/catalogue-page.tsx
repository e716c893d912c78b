import { useQuery } from '@tanstack/react-query'
import { Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSession } from '../../../common/session/session-store.ts'
import { catalogueApi, catalogueKeys } from '../api/catalogue-api.ts'
import { CategoriesTab } from './categories-tab.tsx'
import { HolidaysTab } from './holidays-tab.tsx'
import { InstrumentsTab } from './instruments-tab.tsx'
import { BanksTab, ChannelsTab, CurrenciesTab } from './money-tabs.tsx'

const TABS = ['instruments', 'categories', 'holidays', 'channels', 'banks', 'currencies'] as const
type Tab = (typeof TABS)[number]
/** Where clients send money and what payouts are worth: admins only (the server's money_catalogue.edit). */
const MONEY_TABS: readonly Tab[] = ['channels', 'banks', 'currencies']

/**
 * The catalogue (dealers and admins): instruments with every trading term, their categories, the
 * holiday calendar, and for admins the money side (deposit channels, the broker's bank accounts,
 * payout currencies). The open tab is kept in the URL.
 */
export function CataloguePage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const admin = useSession()?.staff.role === 'admin'
  const shown = TABS.filter((name) => admin || !MONEY_TABS.includes(name))
  const tab: Tab = shown.find((name) => name === params.get('tab')) ?? 'instruments'
  const categories = useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => catalogueApi.categories(signal),
  })
  return (
    <div data-testid="catalogue-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('catalogue.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'instruments',
            label: t('catalogue.tab.instruments'),
            children: <InstrumentsTab categories={categories.data ?? []} />,
          },
          {
            key: 'categories',
            label: t('catalogue.tab.categories'),
            children: <CategoriesTab list={categories} />,
          },
          {
            key: 'holidays',
            label: t('catalogue.tab.holidays'),
            children: <HolidaysTab categories={categories.data ?? []} />,
          },
          { key: 'channels', label: t('catalogue.tab.channels'), children: <ChannelsTab /> },
          { key: 'banks', label: t('catalogue.tab.banks'), children: <BanksTab /> },
          { key: 'currencies', label: t('catalogue.tab.currencies'), children: <CurrenciesTab /> },
        ]
          .filter((item) => shown.includes(item.key as Tab))
          .map((item) => ({ ...item, label: <span data-testid={`tab-${item.key}`}>{item.label}</span> }))}
      />
    </div>
  )
}
