import PDFDocument from 'pdfkit'
import { translate } from '../../i18n/translate.ts'
import { totalRows, type Statement } from './statement-data.ts'
import { zoneOffset, zoneTime } from './zone-time.ts'

/*
 * The statement as PDF: A4, in English with ISO dates and plain decimal amounts, in PDF's built-in
 * Helvetica, whatever the reader's language (the CSV carries the language). Fonts for Chinese,
 * Japanese, Korean, Arabic, Persian, Thai and Hindi, and shaping and right-to-left layout for them,
 * would add megabytes to the server and a layout engine pdfkit does not have:
 * docs/decisions/038-account-statement.md.
 */

const MARGIN = 40
const PAGE_BOTTOM = 841.89 - MARGIN
const ROW_HEIGHT = 13
const t = (key: string) => translate('en', `statement.${key}`)

/** Helvetica's encoding (WinAnsi) holds Latin-1 and a few more; anything else is written as "?". */
const latin = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?')

/** `text` cut to fit `width` points in the current font, ending in "..." when cut: one line per row. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let cut = text
  while (cut.length > 1 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1)
  return `${cut}...`
}

interface Column {
  title: string
  width: number
  right?: boolean
}

/** Draws rows of a table, starting a new page (and repeating the header) when the page is full. */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const line = (cells: string[], bold: boolean) => {
    if (doc.y + ROW_HEIGHT > PAGE_BOTTOM) doc.addPage()
    const y = doc.y
    let x = MARGIN
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5)
    columns.forEach((column, i) => {
      doc.text(fit(doc, latin(cells[i] ?? ''), column.width - 4), x, y, {
        width: column.width - 4,
        align: column.right ? 'right' : 'left',
        lineBreak: false,
      })
      x += column.width
    })
    doc.x = MARGIN
    doc.y = y + ROW_HEIGHT
  }
  line(
    columns.map((c) => c.title),
    true,
  )
  for (const row of rows) {
    if (doc.y + ROW_HEIGHT > PAGE_BOTTOM) {
      doc.addPage()
      line(
        columns.map((c) => c.title),
        true,
      )
    }
    line(row, false)
  }
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  if (doc.y + 3 * ROW_HEIGHT > PAGE_BOTTOM) doc.addPage()
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(text, MARGIN, doc.y).moveDown(0.3)
}

function summary(doc: PDFKit.PDFDocument, statement: Statement, zone: string) {
  const { totals, period } = statement
  doc.font('Helvetica-Bold').fontSize(16).text(t('title'), MARGIN, MARGIN)
  doc.moveDown(0.5)
  const facts: [string, string][] = [
    [t('account'), statement.uid],
    [t('kind'), statement.demo ? t('demo') : t('real')],
    [t('period'), `${zoneTime(period.from.getTime(), zone)} - ${zoneTime(period.to.getTime(), zone)}`],
    [t('time_zone'), `${zone} (UTC${zoneOffset(period.to.getTime(), zone)})`],
    [t('currency'), 'USD'],
    [t('opening_balance'), totals.opening_balance],
    [t('closing_balance'), totals.closing_balance],
  ]
  table(
    doc,
    [
      { title: '', width: 140 },
      { title: '', width: 300 },
    ],
    facts,
  )
  heading(doc, t('totals'))
  const sums = totalRows(totals, t)
  table(
    doc,
    [
      { title: '', width: 140 },
      { title: 'USD', width: 90, right: true },
    ],
    sums,
  )
}

/** The statement as a PDF file's bytes. */
export function statementPdf(statement: Statement, zone: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t('title')} ${statement.uid}`, Producer: 'statement', Creator: 'statement' },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  summary(doc, statement, zone)
  heading(doc, `${t('trades')} (${statement.trades.length})`)
  const col = (key: string, width: number, right = false): Column => ({
    title: t(`column.${key}`),
    width,
    right,
  })
  table(
    doc,
    [
      col('order', 62),
      col('instrument', 48),
      col('side', 24),
      col('lots', 28, true),
      col('closed_at', 74),
      col('open_price', 48, true),
      col('close_price', 48, true),
      col('result', 40),
      col('pips', 32, true),
      col('fee', 32, true),
      col('swap', 30, true),
      col('profit', 49, true),
    ],
    statement.trades.map((trade) => [
      String(trade.id),
      trade.instrument,
      t(trade.side),
      trade.lots,
      zoneTime(trade.closedAtMs, zone),
      trade.openPrice,
      trade.closePrice,
      t(trade.status),
      trade.pips,
      trade.fee,
      trade.swap,
      trade.profit,
    ]),
  )
  heading(doc, `${t('movements')} (${statement.movements.length})`)
  table(
    doc,
    [
      col('time', 90),
      col('type', 150),
      col('amount', 70, true),
      col('balance_after', 80, true),
      col('memo', 125),
    ],
    statement.movements.map((move) => [
      zoneTime(move.atMs, zone),
      translate('en', `ledger.type_${move.type}`),
      move.amount,
      move.balanceAfter,
      move.memo,
    ]),
  )
  doc.end()
  return done
}
