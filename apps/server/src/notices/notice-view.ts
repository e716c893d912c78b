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
}

/** Amounts are kept as exact text; a notice shows them with two decimals. */
function shown(params: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params }
  if (typeof params.amount === 'string') out.amount = new Decimal(params.amount).toFixed(2)
  return out
}

/** A stored notice as its owner reads it, its text in `lang`. */
export function noticeItem(row: NoticeRow, lang: LanguageCode): NoticeItem {
  const kind = row.kind as NoticeKind
  const params = shown(row.params)
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
