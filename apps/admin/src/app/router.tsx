import { lazy, Suspense, type ComponentType, type ReactElement } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { Spin } from 'antd'
import { SignInPage } from '../features/auth/components/sign-in-page.tsx'
import type { PageName } from '../shared/roles.ts'
import { AdminFrame } from './admin-frame.tsx'
import { RoleGate } from './role-gate.tsx'

/** Each page is loaded when first opened: the sign-in page does not carry the queues' code. */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load)
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Page />
    </Suspense>
  )
}

const dashboard = page(() =>
  import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
)
const queues: Record<Exclude<PageName, 'dashboard'>, ReactElement> = {
  identity: page(() =>
    import('../features/identity/components/identity-page.tsx').then((m) => ({ default: m.IdentityPage })),
  ),
  deposits: page(() =>
    import('../features/deposits/components/deposits-page.tsx').then((m) => ({ default: m.DepositsPage })),
  ),
  withdrawals: page(() =>
    import('../features/withdrawals/components/withdrawals-page.tsx').then((m) => ({
      default: m.WithdrawalsPage,
    })),
  ),
}

/** The back office is served under /admin (vite `base`), so its routes are relative to it. */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <SignInPage /> },
    {
      path: '/',
      element: <AdminFrame />,
      children: [
        { index: true, element: dashboard },
        ...Object.entries(queues).map(([name, element]) => ({
          path: name,
          element: <RoleGate page={name as PageName} element={element} />,
        })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
)
