import type { ReactNode } from 'react'
import { BankOutlined, DashboardOutlined, IdcardOutlined, WalletOutlined } from '@ant-design/icons'
import type { AdminDashboard } from '@tp/contracts'
import type { MessageKey } from '../shared/i18n/en.ts'
import { mayOpen, type PageName, type StaffRole } from '../shared/roles.ts'

export interface NavItem {
  page: PageName
  path: string
  label: MessageKey
  icon: ReactNode
  /** The dashboard's count shown beside the item: what waits there. */
  waiting?: keyof AdminDashboard
}

/** The side menu, in the order staff work through it. */
const NAV: NavItem[] = [
  { page: 'dashboard', path: '/', label: 'menu.dashboard', icon: <DashboardOutlined /> },
  {
    page: 'identity',
    path: '/identity',
    label: 'menu.identity',
    icon: <IdcardOutlined />,
    waiting: 'identity_waiting',
  },
  {
    page: 'deposits',
    path: '/deposits',
    label: 'menu.deposits',
    icon: <BankOutlined />,
    waiting: 'deposits_waiting',
  },
  {
    page: 'withdrawals',
    path: '/withdrawals',
    label: 'menu.withdrawals',
    icon: <WalletOutlined />,
    waiting: 'withdrawals_waiting',
  },
]

export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => mayOpen(role, item.page))
}
