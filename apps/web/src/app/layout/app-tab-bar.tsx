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

/**
 * The bottom tabs. The markup and looks of antd-mobile's TabBar (with `safeArea`), written out: its
 * component brings a dozen helper modules into the first load for five icons and titles.
 * Tapping the tab already shown does nothing, as there.
 */
export function AppTabBar() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <nav className="app-tab-bar">
      <div className="tab-bar" data-testid="tabbar">
        <div className="tab-bar-wrap">
          {TABS.map((tab) => (
            <div
              key={tab.key}
              className={tab.key === pathname ? 'tab-bar-item tab-bar-item-active' : 'tab-bar-item'}
              data-testid={`tab-${tab.name}`}
              onClick={() => {
                if (tab.key !== pathname) navigate(tab.key)
              }}
            >
              <div className="tab-bar-item-icon">{ICONS[tab.key]}</div>
              <div className="tab-bar-item-title">{t(tab.title)}</div>
            </div>
          ))}
        </div>
        <div className="tab-bar-safe-area" />
      </div>
    </nav>
  )
}
