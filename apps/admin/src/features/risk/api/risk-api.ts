import { api } from '../../../common/api/client.ts'

/** The risk view's call (apps/server/src/http/admin/risk-routes.ts, staff/risk/*). */

/** One instrument's open client positions; the house is on the other side of each. */
export interface InstrumentExposure {
  instrument_id: number
  code: string
  long_lots: number
  short_lots: number
  /** Long minus short. */
  net_lots: number
  positions: number
  /** The clients' unrealized profit in USD: what the house loses if they all closed now. */
  client_profit: number
}

export interface AccountRisk {
  user_id: number
  uid: string
  email: string
  equity: number
  used_margin: number
  /** Equity / used margin x 100. */
  margin_level: number
  margin_called: boolean
  positions: number
}

/** Today's money of real accounts (UTC day), USD as decimal strings. */
export interface TodayFigures {
  deposits: string
  withdrawals: string
  fees: string
  write_offs: string
  /** The clients' realized trading profit: negative when clients lost. */
  client_profit: string
  /** Swaps booked at today's rollovers: negative when clients paid (the house's income). */
  swaps: string
  adjustments: string
  /** Fees, client losses and swaps paid, less write-offs: what trading earned the house today. */
  house_result: string
}

export interface DailyResult {
  /** YYYY-MM-DD, UTC. */
  date: string
  house_result: string
}

/** One instrument against the house's limits (apps/server/src/staff/risk/exposure.ts). */
export interface HouseLimitUse {
  instrument_id: number
  code: string
  /** Real clients' net lots, buys less sells, as exact decimal text: "-2.5" is net short. */
  net_lots: string
  /** Null: no net limit. */
  max_net_lots: string | null
  /** |net| / limit × 100, two decimals; null without a limit. */
  used_percent: number | null
  /** What one account may hold on one side; null: no limit. */
  max_account_lots: string | null
}

/** A liquidity provider as prices see it (apps/server/src/fix, packages/engine provider-book.ts). */
export interface ProviderState {
  name: string
  /** Logged on and quoting: its prices count. */
  live: boolean
  /** Since its last market data. */
  quiet_for_ms: number
  /** Instruments it quotes now. */
  instruments: number
}

export interface RiskView {
  exposure: InstrumentExposure[]
  nearest_stop_out: AccountRisk[]
  margin_calls: AccountRisk[]
  levels: { marginCallLevel: number; stopOutLevel: number }
  /** Every instrument with a limit or a net, nearest to its net limit first. */
  limits: HouseLimitUse[]
  today: TodayFigures
  daily: DailyResult[]
  /** Empty unless prices come from liquidity providers. */
  providers: ProviderState[]
}

/** The view is read again this often: exposure moves with every quote. */
export const RISK_REFRESH_MS = 5_000

export const riskApi = {
  view: (demo: boolean, signal?: AbortSignal) => api.get<RiskView>('/risk', { demo: demo ? 1 : 0 }, signal),
}
