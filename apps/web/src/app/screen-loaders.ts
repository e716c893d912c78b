import type { ComponentType } from 'react'
import { loadMessagePart, type MessagePart } from '../common/i18n/i18n.ts'
import { setQuickTradeSheet } from '../common/trading/quick-trade-host.tsx'
import type { ScreenPath } from './screens.ts'

/**
 * A screen whose texts are in a message part (i18n.ts): its chunk and those messages load side by
 * side, and the screen shows once both are there.
 */
function withMessages(part: MessagePart, load: Promise<ComponentType>): Promise<ComponentType> {
  return Promise.all([load, loadMessagePart(part)]).then(([component]) => component)
}
const withTradingMessages = (load: Promise<ComponentType>) => withMessages('trading', load)
const withMoneyMessages = (load: Promise<ComponentType>) => withMessages('money', load)

// The quotes lists' quick buy/sell sheet is the trade feature's: its own chunk, on the first long-press.
setQuickTradeSheet(() =>
  import('../features/trade/quick-trade/quick-trade-loader.ts').then((m) => m.loadQuickTradeSheet()),
)

/** The component of each screen; each is its own chunk, loaded when the screen is first visited. */
export const SCREEN_LOADERS: Record<ScreenPath, () => Promise<ComponentType>> = {
  '/': () => import('../features/market/components/market-screen.tsx').then((m) => m.MarketScreen),
  '/trade': () =>
    withTradingMessages(import('../features/trade/components/trade-screen.tsx').then((m) => m.TradeScreen)),
  '/order': () =>
    withTradingMessages(
      import('../features/orders/components/orders-screen.tsx').then((m) => m.OrdersScreen),
    ),
  '/user': () =>
    withTradingMessages(
      import('../features/account/components/user-center-screen.tsx').then((m) => m.UserCenterScreen),
    ),
  '/news': () =>
    withMessages(
      'news',
      import('../features/news/components/news-list-screen.tsx').then((m) => m.NewsListScreen),
    ),
  '/news/detail': () =>
    withMessages(
      'news',
      import('../features/news/components/news-detail-screen.tsx').then((m) => m.NewsDetailScreen),
    ),
  '/rank': () =>
    withMessages(
      'rank',
      import('../features/rank/components/rank-screen.tsx').then((m) => m.RankScreen),
    ),
  '/feedback': () =>
    withMessages(
      'feedback',
      import('../features/feedback/components/feedback-screen.tsx').then((m) => m.FeedbackScreen),
    ),
  // Its second step's texts (decision 047) are the center part's.
  '/login': () =>
    withMessages(
      'center',
      import('../features/auth/components/login-screen.tsx').then((m) => m.LoginScreen),
    ),
  // Its legal consent's texts are the center part's.
  '/register': () =>
    withMessages(
      'center',
      import('../features/auth/components/register-screen.tsx').then((m) => m.RegisterScreen),
    ),
  '/forgot': () => import('../features/auth/components/forgot-screen.tsx').then((m) => m.ForgotScreen),
  '/product': () =>
    withMessages(
      'company',
      import('../features/market/components/product-search-screen.tsx').then((m) => m.ProductSearchScreen),
    ),
  '/language': () =>
    import('../features/language/components/language-screen.tsx').then((m) => m.LanguageScreen),
  '/mine/auth': () =>
    withMessages(
      'center',
      import('../features/real-name/components/real-name-screen.tsx').then((m) => m.RealNameScreen),
    ),
  '/mine/invite': () =>
    withMessages(
      'center',
      import('../features/invite/components/invite-screen.tsx').then((m) => m.InviteScreen),
    ),
  '/mine/email': () =>
    import('../features/company/components/complaint-email-screen.tsx').then((m) => m.ComplaintEmailScreen),
  // The announcements staff publish are articles: their list reuses the news texts.
  '/mine/announcement': () =>
    withMessages(
      'news',
      import('../features/news/components/announcement-screen.tsx').then((m) => m.AnnouncementScreen),
    ),
  '/mine/password': () =>
    import('../features/account/components/password-screen.tsx').then((m) => m.PasswordScreen),
  // Its period bar says "Today", "7 days"… with the trading part's texts, as the History tab.
  '/mine/history': () =>
    withTradingMessages(
      withMoneyMessages(
        import('../features/history/components/history-screen.tsx').then((m) => m.HistoryScreen),
      ),
    ),
  '/mine/notices': () =>
    withMessages(
      'center',
      import('../features/notices/components/notices-screen.tsx').then((m) => m.NoticesScreen),
    ),
  '/mine/legal': () =>
    withMessages(
      'center',
      import('../features/legal/components/legal-screen.tsx').then((m) => m.LegalScreen),
    ),
  '/mine/appropriateness': () =>
    withMessages(
      'center',
      import('../features/appropriateness/components/appropriateness-screen.tsx').then(
        (m) => m.AppropriatenessScreen,
      ),
    ),
  '/mine/security': () =>
    withMessages(
      'center',
      import('../features/security/components/security-screen.tsx').then((m) => m.SecurityScreen),
    ),
  '/mine/notices/settings': () =>
    withMessages(
      'center',
      import('../features/notices/components/notice-settings-screen.tsx').then((m) => m.NoticeSettingsScreen),
    ),
  // Its paging footer says "no more" with the money part's text.
  '/mine/alerts': () =>
    withTradingMessages(
      withMoneyMessages(
        import('../features/alerts/components/alerts-screen.tsx').then((m) => m.AlertsScreen),
      ),
    ),
  '/mine/charge': () =>
    withMoneyMessages(
      import('../features/deposit/components/deposit-screen.tsx').then((m) => m.DepositScreen),
    ),
  '/mine/withdraw': () =>
    withMoneyMessages(
      import('../features/withdraw/components/withdraw-screen.tsx').then((m) => m.WithdrawScreen),
    ),
  '/mine/system': () => import('../features/system/components/system-screen.tsx').then((m) => m.SystemScreen),
  '/mine/chat': () =>
    withMessages(
      'chat',
      import('../features/chat/components/chat-screen.tsx').then((m) => m.ChatScreen),
    ),
  '/mine/wallet': () =>
    withMoneyMessages(import('../features/wallet/components/wallet-screen.tsx').then((m) => m.WalletScreen)),
  '/mine/bank-card-list': () =>
    withMoneyMessages(
      import('../features/wallet/components/bank-card-list-screen.tsx').then((m) => m.BankCardListScreen),
    ),
  '/mine/coin-address-list': () =>
    withMoneyMessages(
      import('../features/wallet/components/coin-address-list-screen.tsx').then(
        (m) => m.CoinAddressListScreen,
      ),
    ),
  '/mine/withdraw-way': () =>
    withMoneyMessages(
      import('../features/withdraw/components/withdraw-way-screen.tsx').then((m) => m.WithdrawWayScreen),
    ),
}
