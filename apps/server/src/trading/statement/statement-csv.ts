import type { LanguageCode } from '@tp/contracts'
import { translate } from '../../i18n/translate.ts'
import { totalRows, type Statement } from './statement-data.ts'
import { zoneOffset, zoneTime } from './zone-time.ts'

/*
 * The statement as CSV (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote or a line break, its quotes doubled; UTF-8 with a byte order mark so that
 * spreadsheets read the language right. Every record has the same number of fields (the trades'
 * table is the widest; shorter records end in empty fields).
 */

const BOM = '\uFEFF'
const CRLF = '\r\n'

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and a tab or carriage return before
 * one) is written with a leading apostrophe, as OWASP's "CSV injection" advice says. Numbers are
 * written by the statement itself and never start so, except a negative amount: that one is a
 * number the statement made, and stays a number (`numeric`).
 */
export function csvCell(value: string, numeric = false): string {
  const guarded = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** A number the statement wrote itself (amounts, prices, pips): plain decimal text only. */
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/

export function statementCsv(statement: Statement, lang: LanguageCode, zone: string): string {
  const t = (key: string) => translate(lang, `statement.${key}`)
  const { totals, period } = statement
  const rows: string[][] = [
    [t('title')],
    [t('account'), statement.uid],
    [t('kind'), statement.demo ? t('demo') : t('real')],
    [t('period'), zoneTime(period.from.getTime(), zone), zoneTime(period.to.getTime(), zone)],
    [t('time_zone'), `${zone} (UTC${zoneOffset(period.to.getTime(), zone)})`],
    [t('currency'), 'USD'],
    [t('opening_balance'), totals.opening_balance],
    [t('closing_balance'), totals.closing_balance],
    [],
    [t('totals')],
    ...totalRows(totals, t),
    [],
    [t('trades')],
    [
      'order',
      'instrument',
      'side',
      'lots',
      'opened',
      'open_price',
      'closed_at',
      'close_price',
      'result',
      'pips',
      'fee',
      'swap',
      'profit',
    ].map((key) => t(`column.${key}`)),
    ...statement.trades.map((trade) => [
      String(trade.id),
      trade.instrument,
      t(trade.side),
      trade.lots,
      zoneTime(trade.openedAtMs || trade.placedAtMs, zone),
      trade.openPrice,
      zoneTime(trade.closedAtMs, zone),
      trade.closePrice,
      t(trade.status),
      trade.pips,
      trade.fee,
      trade.swap,
      trade.profit,
    ]),
    [],
    [t('movements')],
    ['time', 'type', 'amount', 'balance_after', 'memo'].map((key) => t(`column.${key}`)),
    ...statement.movements.map((move) => [
      zoneTime(move.atMs, zone),
      translate(lang, `ledger.type_${move.type}`),
      move.amount,
      move.balanceAfter,
      move.memo,
    ]),
  ]
  const width = Math.max(...rows.map((row) => row.length))
  const lines = rows.map((row) =>
    Array.from({ length: width }, (_, i) => {
      const value = row[i] ?? ''
      return csvCell(value, NUMBER.test(value))
    }).join(','),
  )
  return BOM + lines.join(CRLF) + CRLF
}
