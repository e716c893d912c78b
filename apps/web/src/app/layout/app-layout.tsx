import { useEffect, useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router'
import { useBrandName } from '../../common/components/brand.tsx'
import { OfflineNotice } from '../../common/components/offline-notice.tsx'
import { realtime } from '../../common/realtime.ts'
import { useUserInfo } from '../../common/session/use-user-info.ts'
import type { RouteHandle } from '../screens.ts'
import { isTabPath } from '../screens.ts'
import { AppTabBar } from './app-tab-bar.tsx'
import { removeBootShell } from './remove-boot-shell.ts'

/** The frame of every screen: content, the bottom tabs on the five top-level screens, app-wide effects. */
export function AppLayout() {
  const { t } = useTranslation()
  const location = useLocation()
  const navigation = useNavigation()
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined
  const brand = useBrandName()
  const withTabs = isTabPath(location.pathname)

  useUserInfo()
  useLayoutEffect(removeBootShell, [])

  // docs/product.md: the realtime socket is started on every navigation; ensureConnected never opens a second one.
  useEffect(() => {
    realtime.ensureConnected()
  }, [location.key])

  const title = handle ? t(handle.title) : ''
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand
  }, [title, brand])

  return (
    <div className={withTabs ? 'app-shell app-shell-with-tabs' : 'app-shell'}>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      <main className="app-main">
        <Outlet />
      </main>
      <OfflineNotice aboveTabs={withTabs} />
      {withTabs && <AppTabBar />}
    </div>
  )
}
