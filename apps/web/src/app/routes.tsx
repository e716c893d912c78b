import type { ComponentType } from 'react'

/**
 * Every route of SPEC.md section 2. `access`: public, `user` (Login: yes) or `real` (Login: yes and
 * closed to demo accounts). Each screen is its own chunk, loaded when first visited.
 */
export type Access = 'public' | 'user' | 'real'

export interface ScreenRoute {
  path: string
  access: Access
  /** Translation key of the screen's title (document title, demo notice). */
  title: string
  load: () => Promise<ComponentType>
}

export interface RouteHandle {
  title: string
}

export const SCREENS: ScreenRoute[] = [
  {
    path: '/',
    access: 'public',
    title: 'pages.market',
    load: () => import('../features/market/components/market-screen.tsx').then((m) => m.MarketScreen),
  },
  {
    path: '/trade',
    access: 'public',
    title: 'pages.trade',
    load: () => import('../features/trade/components/trade-screen.tsx').then((m) => m.TradeScreen),
  },
  {
    path: '/order',
    access: 'user',
    title: 'pages.orders',
    load: () => import('../features/orders/components/orders-screen.tsx').then((m) => m.OrdersScreen),
  },
  {
    path: '/user',
    access: 'user',
    title: 'pages.mine',
    load: () =>
      import('../features/account/components/user-center-screen.tsx').then((m) => m.UserCenterScreen),
  },
  {
    path: '/news',
    access: 'public',
    title: 'pages.news',
    load: () => import('../features/news/components/news-list-screen.tsx').then((m) => m.NewsListScreen),
  },
  {
    path: '/news/detail',
    access: 'public',
    title: 'pages.newsDetail',
    load: () => import('../features/news/components/news-detail-screen.tsx').then((m) => m.NewsDetailScreen),
  },
  {
    path: '/rank',
    access: 'public',
    title: 'pages.rank',
    load: () => import('../features/rank/components/rank-screen.tsx').then((m) => m.RankScreen),
  },
  {
    path: '/feedback',
    access: 'public',
    title: 'pages.feedback',
    load: () => import('../features/feedback/components/feedback-screen.tsx').then((m) => m.FeedbackScreen),
  },
  {
    path: '/login',
    access: 'public',
    title: 'pages.login',
    load: () => import('../features/auth/components/login-screen.tsx').then((m) => m.LoginScreen),
  },
  {
    path: '/register',
    access: 'public',
    title: 'pages.register',
    load: () => import('../features/auth/components/register-screen.tsx').then((m) => m.RegisterScreen),
  },
  {
    path: '/forgot',
    access: 'public',
    title: 'pages.forgot',
    load: () => import('../features/auth/components/forgot-screen.tsx').then((m) => m.ForgotScreen),
  },
  {
    path: '/product',
    access: 'public',
    title: 'pages.product',
    load: () =>
      import('../features/market/components/product-search-screen.tsx').then((m) => m.ProductSearchScreen),
  },
  {
    path: '/language',
    access: 'public',
    title: 'pages.language',
    load: () => import('../features/language/components/language-screen.tsx').then((m) => m.LanguageScreen),
  },
  {
    path: '/mine/auth',
    access: 'real',
    title: 'pages.realName',
    load: () => import('../features/real-name/components/real-name-screen.tsx').then((m) => m.RealNameScreen),
  },
  {
    path: '/mine/invite',
    access: 'real',
    title: 'pages.invite',
    load: () => import('../features/invite/components/invite-screen.tsx').then((m) => m.InviteScreen),
  },
  {
    path: '/mine/email',
    access: 'user',
    title: 'pages.email',
    load: () =>
      import('../features/company/components/complaint-email-screen.tsx').then((m) => m.ComplaintEmailScreen),
  },
  {
    path: '/mine/announcement',
    access: 'user',
    title: 'pages.announcement',
    load: () =>
      import('../features/announcement/components/announcement-screen.tsx').then((m) => m.AnnouncementScreen),
  },
  {
    path: '/mine/password',
    access: 'real',
    title: 'pages.password',
    load: () => import('../features/account/components/password-screen.tsx').then((m) => m.PasswordScreen),
  },
  {
    path: '/mine/history',
    access: 'user',
    title: 'pages.history',
    load: () => import('../features/history/components/history-screen.tsx').then((m) => m.HistoryScreen),
  },
  {
    path: '/mine/charge',
    access: 'real',
    title: 'pages.deposit',
    load: () => import('../features/deposit/components/deposit-screen.tsx').then((m) => m.DepositScreen),
  },
  {
    path: '/mine/withdraw',
    access: 'real',
    title: 'pages.withdraw',
    load: () => import('../features/withdraw/components/withdraw-screen.tsx').then((m) => m.WithdrawScreen),
  },
  {
    path: '/mine/system',
    access: 'user',
    title: 'pages.system',
    load: () => import('../features/system/components/system-screen.tsx').then((m) => m.SystemScreen),
  },
  {
    path: '/mine/chat',
    access: 'user',
    title: 'pages.chat',
    load: () => import('../features/chat/components/chat-screen.tsx').then((m) => m.ChatScreen),
  },
  {
    path: '/mine/wallet',
    access: 'real',
    title: 'pages.wallet',
    load: () => import('../features/wallet/components/wallet-screen.tsx').then((m) => m.WalletScreen),
  },
  {
    path: '/mine/bank-card-list',
    access: 'real',
    title: 'pages.bankCards',
    load: () =>
      import('../features/wallet/components/bank-card-list-screen.tsx').then((m) => m.BankCardListScreen),
  },
  {
    path: '/mine/coin-address-list',
    access: 'real',
    title: 'pages.coinAddresses',
    load: () =>
      import('../features/wallet/components/coin-address-list-screen.tsx').then(
        (m) => m.CoinAddressListScreen,
      ),
  },
  {
    path: '/mine/withdraw-way',
    access: 'real',
    title: 'pages.withdrawWay',
    load: () =>
      import('../features/withdraw/components/withdraw-way-screen.tsx').then((m) => m.WithdrawWayScreen),
  },
]

/**
 * The bottom tabs, in this order. SPEC.md lists documentary (copy trading), orders, market, ranking
 * and trade; copy trading arrives in a later issue, so until then the tabs are Market, Trade,
 * Orders, Rank and Mine.
 */
export const TABS = [
  { key: '/', name: 'market', title: 'tabs.market' },
  { key: '/trade', name: 'trade', title: 'tabs.trade' },
  { key: '/order', name: 'orders', title: 'tabs.orders' },
  { key: '/rank', name: 'rank', title: 'tabs.rank' },
  { key: '/user', name: 'mine', title: 'tabs.mine' },
] as const

export function isTabPath(pathname: string): boolean {
  return TABS.some((tab) => tab.key === pathname)
}
