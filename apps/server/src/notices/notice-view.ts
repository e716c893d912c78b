import { Decimal } from 'decimal.js'
import type { LanguageCode, NoticeItem, NoticeKind } from '@tp/contracts'
import { translate } from '../i18n/translate.ts'
import { wireTime } from '../trading/order-view.ts'
import type { NoticeRow } from './notices.ts'

/** The app's screen that shows what each kind of notice is about. */
const LINKS: Record<NoticeKind, string> = {
  deposit_credited: '/mine/charge',
  deposit_rejected: '/mine/charge',
  withdrawal_paid: '/mine/withdraw',
  withdrawal_rejected: '/mine/withdraw',
  identity_approved: '/mine/auth',
  identity_rejected: '/mine/auth',
  stop_loss: '/order?type=3',
  trailing_stop: '/order?type=3',
  take_profit: '/order?type=3',
  stop_out: '/order?type=3',
  margin_call: '/order',
  pending_filled: '/order',
  pending_expired: '/order?type=3',
  pending_cancelled: '/order?type=3',
  price_alert: '/mine/alerts',
  copy_stopped: '/rank?tab=copies',
  support_reply: '/mine/chat',
  second_factor_added: '/mine/security',
  second_factor_removed: '/mine/security',
}

/** An instrument's name as the app shows it (`EUR/USD`), by id; undefined once it is gone. */
export type InstrumentName = (id: number) => string | undefined

/**
 * The figures a notice's text is written from: amounts and profits with two decimals (they are kept
 * exact), an instrument by its name, a cancel's reason in words of `lang`.
 */
function shown(
  params: Record<string, string | number>,
  lang: LanguageCode,
  name: InstrumentName,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params }
  for (const key of ['amount', 'profit'] as const) {
    const value = params[key]
    if (value !== undefined) out[key] = new Decimal(value).toFixed(2)
  }
  if (typeof params.profit === 'string' && new Decimal(params.profit).gt(0)) out.profit = `+${out.profit}`
  if (typeof params.instrument === 'number')
    out.instrument = name(params.instrument) ?? `#${params.instrument}`
  if (typeof params.reason === 'string') out.reason = translate(lang, `notice.reasons.${params.reason}`)
  if (typeof params.method === 'string') out.method = translate(lang, `notice.method.${params.method}`)
  return out
}

/** A stored notice as its owner reads it, its text in `lang`. */
export function noticeItem(row: NoticeRow, lang: LanguageCode, name: InstrumentName): NoticeItem {
  const kind = row.kind as NoticeKind
  const params = shown(row.params, lang, name)
  return {
    id: row.id,
    kind,
    title: translate(lang, `notice.${kind}.title`, params),
    body: translate(lang, `notice.${kind}.body`, params),
    detail: row.detail,
    link: LINKS[kind] ?? '/user',
    read: row.readAt !== null,
    created_at: wireTime(row.createdAt.getTime()),
  }
}
