/*
 * The router. Test ids for the end-to-end tests are listed in apps/web/TESTIDS.md; they sit on the
 * native <input>/<button>/<a> elements (rows and the tab bar on their root element).
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { PageLoading } from '../common/components/page-loading.tsx'
import { RequireAuth } from './guards/require-auth.tsx'
import { RequireRealAccount } from './guards/require-real-account.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { RouteError } from './layout/route-error.tsx'
import { SCREEN_LOADERS } from './screen-loaders.ts'
import { SCREENS, type Access, type RouteHandle } from './screens.ts'

function screenRoute(screen: (typeof SCREENS)[number]): RouteObject {
  const handle: RouteHandle = { title: screen.title }
  const load = SCREEN_LOADERS[screen.path]
  return { path: screen.path, handle, lazy: async () => ({ Component: await load() }) }
}

function screensWith(access: Access): RouteObject[] {
  return SCREENS.filter((screen) => screen.access === access).map(screenRoute)
}

/** The whole route tree: public screens, then the guarded ones, then a catch-all back to /. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteError />,
      children: [
        ...screensWith('public'),
        {
          element: <RequireAuth />,
          children: [
            ...screensWith('user'),
            { element: <RequireRealAccount />, children: screensWith('real') },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
