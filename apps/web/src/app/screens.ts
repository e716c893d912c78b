/**
 * Every route of docs/product.md "Screens" as plain data (no components, so tests outside the web app can
 * read it too). `access`: public, `user` (Login: yes) or `real` (Login: yes and closed to demo
 * accounts). The screen each path shows is in screen-loaders.ts.
 */
export type Access = 'public' | 'user' | 'real'

export interface Screen {
  path: string
  access: Access
  /**
   * Translation key of the screen's title (document title, demo notice): in the core texts, or in
   * the message part the screen loads with (screen-loaders.ts), which is there before its title is
   * shown; a screen of a part keeps its title there, off the first load.
   */
  title: string
}

export interface RouteHandle {
  title: string
}

export const SCREENS = [
  { path: '/', access: 'public', title: 'pages.market' },
  { path: '/trade', access: 'public', title: 'pages.trade' },
  { path: '/order', access: 'user', title: 'pages.orders' },
  { path: '/user', access: 'user', title: 'pages.mine' },
  { path: '/news', access: 'public', title: 'pages.news' },
  { path: '/news/detail', access: 'public', title: 'pages.newsDetail' },
  { path: '/rank', access: 'public', title: 'pages.rank' },
  { path: '/feedback', access: 'user', title: 'pages.feedback' },
  { path: '/login', access: 'public', title: 'pages.login' },
  { path: '/register', access: 'public', title: 'pages.register' },
  { path: '/forgot', access: 'public', title: 'pages.forgot' },
  { path: '/product', access: 'public', title: 'pages.product' },
  { path: '/language', access: 'public', title: 'pages.language' },
  { path: '/mine/auth', access: 'real', title: 'pages.realName' },
  { path: '/mine/invite', access: 'real', title: 'pages.invite' },
  { path: '/mine/email', access: 'user', title: 'pages.email' },
  { path: '/mine/announcement', access: 'user', title: 'pages.announcement' },
  { path: '/mine/password', access: 'real', title: 'pages.password' },
  { path: '/mine/security', access: 'real', title: 'security.title' },
  { path: '/mine/history', access: 'user', title: 'pages.history' },
  { path: '/mine/alerts', access: 'user', title: 'pages.alerts' },
  { path: '/mine/notices', access: 'user', title: 'pages.notices' },
  { path: '/mine/notices/settings', access: 'user', title: 'notices.settings' },
  { path: '/mine/legal', access: 'user', title: 'legal.title' },
  { path: '/mine/appropriateness', access: 'user', title: 'appropriateness.title' },
  { path: '/mine/charge', access: 'real', title: 'pages.deposit' },
  { path: '/mine/withdraw', access: 'real', title: 'pages.withdraw' },
  { path: '/mine/system', access: 'user', title: 'pages.system' },
  { path: '/mine/chat', access: 'user', title: 'pages.chat' },
  { path: '/mine/wallet', access: 'real', title: 'pages.wallet' },
  { path: '/mine/bank-card-list', access: 'real', title: 'pages.bankCards' },
  { path: '/mine/coin-address-list', access: 'real', title: 'pages.coinAddresses' },
  { path: '/mine/withdraw-way', access: 'real', title: 'pages.withdrawWay' },
] as const satisfies readonly Screen[]

export type ScreenPath = (typeof SCREENS)[number]['path']

/**
 * The bottom tabs, in this order. docs/product.md lists documentary (copy trading), orders, market, ranking
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
