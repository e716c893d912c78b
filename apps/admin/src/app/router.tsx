import { createBrowserRouter, Navigate } from 'react-router'
import { SignInPage } from '../features/auth/components/sign-in-page.tsx'
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx'
import { DepositsPage } from '../features/deposits/components/deposits-page.tsx'
import { IdentityPage } from '../features/identity/components/identity-page.tsx'
import { WithdrawalsPage } from '../features/withdrawals/components/withdrawals-page.tsx'
import { AdminFrame } from './admin-frame.tsx'
import { RoleGate } from './role-gate.tsx'

/** The back office is served under /admin (vite `base`), so its routes are relative to it. */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <SignInPage /> },
    {
      path: '/',
      element: <AdminFrame />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'identity', element: <RoleGate page="identity" element={<IdentityPage />} /> },
        { path: 'deposits', element: <RoleGate page="deposits" element={<DepositsPage />} /> },
        { path: 'withdrawals', element: <RoleGate page="withdrawals" element={<WithdrawalsPage />} /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
)
