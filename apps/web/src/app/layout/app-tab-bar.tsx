import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { MarketIcon, MineIcon, OrdersIcon, RankIcon, TradeIcon } from '../../common/components/icons.tsx'
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
            // Links, as the boot shell's: reachable with a keyboard and read as "link, current page".
            <a
              key={tab.key}
              href={tab.key}
              className={tab.key === pathname ? 'tab-bar-item tab-bar-item-active' : 'tab-bar-item'}
              aria-current={tab.key === pathname ? 'page' : undefined}
              data-testid={`tab-${tab.name}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                event.preventDefault()
                if (tab.key !== pathname) navigate(tab.key)
              }}
            >
              <div className="tab-bar-item-icon" aria-hidden="true">
                {ICONS[tab.key]}
              </div>
              <div className="tab-bar-item-title">{t(tab.title)}</div>
            </a>
          ))}
        </div>
        <div className="tab-bar-safe-area" />
      </div>
    </nav>
  )
}
