import { TabBar } from 'antd-mobile'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { MarketIcon, MineIcon, OrdersIcon, RankIcon, TradeIcon } from '../../shared/components/icons.tsx'
import { TABS } from '../screens.ts'

const ICONS: Record<(typeof TABS)[number]['key'], ReactNode> = {
  '/': <MarketIcon />,
  '/trade': <TradeIcon />,
  '/order': <OrdersIcon />,
  '/rank': <RankIcon />,
  '/user': <MineIcon />,
}

export function AppTabBar() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <nav className="app-tab-bar">
      <TabBar safeArea activeKey={pathname} onChange={(key) => navigate(key)} data-testid="tabbar">
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={ICONS[tab.key]}
            title={t(tab.title)}
            data-testid={`tab-${tab.name}`}
          />
        ))}
      </TabBar>
    </nav>
  )
}
