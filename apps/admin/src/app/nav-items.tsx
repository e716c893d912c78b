import type { ReactNode } from 'react'
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CheckSquareOutlined,
  CommentOutlined,
  DashboardOutlined,
  DiffOutlined,
  FileProtectOutlined,
  IdcardOutlined,
  LikeOutlined,
  LineChartOutlined,
  SwapOutlined,
  MailOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import type { AdminDashboard } from '@tp/contracts/light'
import type { MessageKey } from '../common/i18n/en.ts'
import { mayOpen, type PageName, type StaffRole } from '../common/roles.ts'

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
  {
    page: 'users',
    path: '/users',
    label: 'menu.users',
    icon: <TeamOutlined />,
  },
  {
    page: 'adjustments',
    path: '/adjustments',
    label: 'menu.adjustments',
    icon: <DiffOutlined />,
    waiting: 'adjustments_waiting',
  },
  {
    page: 'chat',
    path: '/chat',
    label: 'menu.chat',
    icon: <CommentOutlined />,
    waiting: 'chat_unread',
  },
  {
    page: 'feedback',
    path: '/feedback',
    label: 'menu.feedback',
    icon: <LikeOutlined />,
    waiting: 'feedback_new',
  },
  {
    page: 'risk',
    path: '/risk',
    label: 'menu.risk',
    icon: <LineChartOutlined />,
  },
  {
    page: 'hedging',
    path: '/hedging',
    label: 'menu.hedging',
    icon: <SwapOutlined />,
  },
  {
    page: 'copy',
    path: '/copy',
    label: 'menu.copy',
    icon: <TeamOutlined />,
  },
  {
    page: 'catalogue',
    path: '/catalogue',
    label: 'menu.catalogue',
    icon: <AppstoreOutlined />,
  },
  {
    page: 'settings',
    path: '/settings',
    label: 'menu.settings',
    icon: <SettingOutlined />,
  },
  {
    page: 'content',
    path: '/content',
    label: 'menu.content',
    icon: <ReadOutlined />,
  },
  {
    page: 'legal',
    path: '/legal',
    label: 'menu.legal',
    icon: <FileProtectOutlined />,
  },
  {
    page: 'outbox',
    path: '/outbox',
    label: 'menu.outbox',
    icon: <MailOutlined />,
  },
  {
    page: 'approvals',
    path: '/approvals',
    label: 'menu.approvals',
    icon: <CheckSquareOutlined />,
  },
  {
    page: 'staff',
    path: '/staff',
    label: 'menu.staff',
    icon: <SafetyOutlined />,
  },
  {
    page: 'audit',
    path: '/audit',
    label: 'menu.audit',
    icon: <AuditOutlined />,
  },
]

export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => mayOpen(role, item.page))
}
