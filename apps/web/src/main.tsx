import { setDefaultConfig } from 'antd-mobile'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { applyHashRoute } from './app/hash-route.ts'
import { Providers } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import './app/styles.css'
import { loadAntdLocale } from './shared/i18n/antd-locale.ts'
import { initI18n, storedLanguage } from './shared/i18n/i18n.ts'
import { setNavigator } from './shared/lib/navigation.ts'
import { preloadToast } from './shared/lib/toast.ts'
import { startRealtime } from './shared/realtime.ts'

async function start(): Promise<void> {
  // Before the router reads the URL: old `/#/register?invite_code=X` links become `/register?...`.
  applyHashRoute()
  // Closed site, desktop browser, partner link: checked beside the first screen, not before it.
  void import('./features/system/site-modes.ts').then((modes) => modes.applySiteModes())
  const language = storedLanguage()
  const [, antdLocale] = await Promise.all([initI18n(language), loadAntdLocale(language)])
  if (antdLocale) setDefaultConfig({ locale: antdLocale })

  const router = createAppRouter()
  setNavigator((to, options) => void router.navigate(to, options))
  startRealtime()

  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  createRoot(container).render(
    <StrictMode>
      <Providers antdLocale={antdLocale}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
  whenIdle(preloadToast)
}

/** After the page has loaded and the browser has nothing else to do (Safari has no requestIdleCallback). */
function whenIdle(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => task())
    else setTimeout(task, 200)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

void start()
