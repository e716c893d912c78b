import { lazy, Suspense, type ComponentType, type ReactElement } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { Spin } from 'antd'
import { SignInPage } from '../features/auth/components/sign-in-page.tsx'
import type { PageName } from '../common/roles.ts'
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
const pages: Record<Exclude<PageName, 'dashboard'>, ReactElement> = {
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
  users: page(() =>
    import('../features/users/components/users-page.tsx').then((m) => ({ default: m.UsersPage })),
  ),
  adjustments: page(() =>
    import('../features/adjustments/components/adjustments-page.tsx').then((m) => ({
      default: m.AdjustmentsPage,
    })),
  ),
  chat: page(() =>
    import('../features/chat/components/chat-page.tsx').then((m) => ({ default: m.ChatPage })),
  ),
  feedback: page(() =>
    import('../features/feedback/components/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage })),
  ),
  risk: page(() =>
    import('../features/risk/components/risk-page.tsx').then((m) => ({ default: m.RiskPage })),
  ),
  hedging: page(() =>
    import('../features/hedging/components/hedging-page.tsx').then((m) => ({ default: m.HedgingPage })),
  ),
  copy: page(() =>
    import('../features/copy/components/copy-page.tsx').then((m) => ({ default: m.CopyPage })),
  ),
  catalogue: page(() =>
    import('../features/catalogue/components/catalogue-page.tsx').then((m) => ({ default: m.CataloguePage })),
  ),
  settings: page(() =>
    import('../features/settings/components/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
  ),
  content: page(() =>
    import('../features/content/components/content-page.tsx').then((m) => ({ default: m.ContentPage })),
  ),
  legal: page(() =>
    import('../features/legal/components/legal-page.tsx').then((m) => ({ default: m.LegalPage })),
  ),
  outbox: page(() =>
    import('../features/outbox/components/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })),
  ),
  staff: page(() =>
    import('../features/staff/components/staff-page.tsx').then((m) => ({ default: m.StaffPage })),
  ),
  approvals: page(() =>
    import('../features/approvals/components/approvals-page.tsx').then((m) => ({ default: m.ApprovalsPage })),
  ),
  audit: page(() =>
    import('../features/audit/components/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
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
        ...Object.entries(pages).map(([name, element]) => ({
          path: name,
          element: <RoleGate page={name as PageName} element={element} />,
        })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
)
