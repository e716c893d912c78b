import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { sendVisitorToLogin } from './app/guards/require-auth.tsx'
import { applyHashRoute } from './app/hash-route.ts'
import { Providers } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import './app/styles.css'
import { initI18n, startLanguage } from './common/i18n/i18n.ts'
import { setNavigator } from './common/lib/navigation.ts'
import { nextTask } from './common/lib/next-task.ts'
import { whenIdle } from './common/lib/when-idle.ts'
import { preloadToast } from './common/lib/toast.ts'
import { startRealtime } from './common/realtime.ts'

async function start(): Promise<void> {
  // Before the router reads the URL: old `/#/register?invite_code=X` links become `/register?...`.
  applyHashRoute()
  sendVisitorToLogin()
  // The theme is on <html> before the first paint (app-shell.js); this follows later changes (the
  // system's, another tab's) and is not part of the first load.
  void import('./common/theme/theme.ts').then((theme) => theme.startTheme())
  // The shell of index.html is on screen: from here on, start-up is done in steps, each a short
  // task of its own (nextTask), so that none blocks a tap for long on a slow phone.
  const language = startLanguage()
  await initI18n(language)
  await nextTask()
  const router = createAppRouter()
  setNavigator((to, options) => void router.navigate(to, options))
  await nextTask()
  startRealtime()

  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  const root = createRoot(container)
  // A transition: React renders the first screen in slices and lets the browser breathe between
  // them (the shell of index.html is on screen meanwhile), instead of one long blocking task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  )
  // Once the page has loaded and the browser is idle, so that on a slow line their calls and files
  // come after the first screen's rather than among them: the closed-site, desktop-browser and
  // partner-link checks, antd-mobile's texts in the user's language (for its sheets, dialogs and
  // pickers, which open on a tap), and the shell's texts kept in it for the next visit's first paint.
  whenLoadedAndIdle(() => {
    void import('./features/system/site-modes.ts').then((modes) => modes.applySiteModes())
    void import('./app/layout/remember-shell-texts.ts').then((shell) => shell.followShellTexts())
    void import('./common/i18n/antd-config.ts').then((antd) => antd.followAntdLocale(language))
  })
  // The toast's code (antd-mobile's animation library) at the first touch or key, which is what
  // a toast mostly follows: evaluating it while the first screen settles is a long task on a slow phone.
  onFirstInteraction(preloadToast)
  // The service worker (offline shell) a while after the first screen: its precache (about 400 KB
  // compressed) must not compete with the first screen's data and images. Never in the first load.
  if (import.meta.env.PROD)
    whenLoadedAndIdle(() =>
      setTimeout(
        () => void import('./common/pwa/register.ts').then((pwa) => pwa.registerServiceWorker()),
        SERVICE_WORKER_DELAY_MS,
      ),
    )
}

const SERVICE_WORKER_DELAY_MS = 5_000
const FIRST_INTERACTION_TIMEOUT_MS = 15_000

/** Runs `task` once: at the first touch, click or key, or after 15 s if none comes. */
function onFirstInteraction(task: () => void): void {
  const events = ['pointerdown', 'keydown'] as const
  let done = false
  const run = () => {
    if (done) return
    done = true
    for (const type of events) window.removeEventListener(type, run, true)
    task()
  }
  for (const type of events) window.addEventListener(type, run, { capture: true, passive: true })
  setTimeout(run, FIRST_INTERACTION_TIMEOUT_MS)
}

/** After the page has loaded, once the browser has nothing else to do. */
function whenLoadedAndIdle(task: () => void): void {
  if (document.readyState === 'complete') whenIdle(task)
  else window.addEventListener('load', () => whenIdle(task), { once: true })
}

void start()
