import {
  figureLocale,
  MarketStatus,
  shownHundredths,
  type Instrument,
  type LanguageCode,
} from '@tp/contracts'

/**
 * The first screen's content written into the app shell of index.html (docs/decisions/017):
 * `/`'s first rows and `/trade`'s quote, from the server's own live quotes, so that a first visit
 * shows prices before the app's code has loaded. Plain strings, no IO: the route feeds it the
 * trade_list items it would answer, in the language it will be read in.
 */

/** Rows that fill a phone's first screen under the header and the chips (844 px tall, 64 px rows). */
export const FIRST_SCREEN_ROWS = 10

/** Where the build's index.html holds the shell's skeleton, which the content replaces. */
export const CONTENT_START = '<!--first-screen-->'
export const CONTENT_END = '<!--/first-screen-->'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const formats = new Map<string, Intl.NumberFormat>()
function numberFormat(lang: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(figureLocale(lang), options)
    formats.set(key, format)
  }
  return format
}

/** A price with the instrument's decimals, as the app's formatPrice writes it. */
export function shellPrice(value: number, precision: number, lang: LanguageCode): string {
  if (!Number.isFinite(value)) return '--'
  const decimals = Number.isInteger(precision) ? Math.min(Math.max(precision, 0), 10) : 2
  const format = numberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
  // The fixed-point text, not the binary double: 1.005 with 2 decimals is what toFixed shows.
  return format.format(value.toFixed(decimals) as unknown as number)
}

export function shellChange(percent: number, lang: LanguageCode): { text: string; direction: string } {
  if (!Number.isFinite(percent)) return { text: '--', direction: 'flat' }
  const shown = shownHundredths(percent)
  const format = numberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  })
  return { text: format.format(shown / 10_000), direction: shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat' }
}

const nameOf = (item: Instrument) => item.NameShowTrans?.trim() || item.Name

/** When the content is written, and how old a quote the engine still trades at (its risk settings). */
export interface Freshness {
  nowMs: number
  maxQuoteAgeMs: number
}

/**
 * An instrument with a price to show: a quote the engine would trade at when its market is open
 * (a feed that stopped, or a price from before a restart, is not shown as live), its last one when
 * the market is closed (shown as closed).
 */
export function isPriced(item: Instrument, { nowMs, maxQuoteAgeMs }: Freshness): boolean {
  const time = item.ForexQuotations.NowTime
  if (!(time > 0) || !(item.LastPrice > 0)) return false
  return item.MarketStatus === MarketStatus.Closed || (nowMs - time <= maxQuoteAgeMs && time <= nowMs + 1000)
}

function row(item: Instrument, lang: LanguageCode): string {
  const change = shellChange(item.ForexQuotations.Change, lang)
  const closed = item.MarketStatus === MarketStatus.Closed
  return (
    `<div class="boot-row boot-quote-row"${closed ? ' data-closed' : ''}>` +
    '<i class="boot-logo"></i>' +
    '<span class="boot-names">' +
    `<bdi class="boot-code">${escapeHtml(item.ShowCode)}</bdi>` +
    `<bdi class="boot-name">${escapeHtml(nameOf(item))}</bdi>` +
    '</span>' +
    '<span class="boot-figures">' +
    `<span class="boot-last num">${shellPrice(item.LastPrice, item.PricePrecision, lang)}</span>` +
    `<span class="boot-change num change-${change.direction}">${change.text}</span>` +
    '</span></div>'
  )
}

/**
 * `/`'s first rows as the list shows them with no chip chosen (trade_list's order). Empty unless
 * every one of them has a price to show (isPriced): the skeleton then stays.
 */
export function marketRowsHtml(items: readonly Instrument[], lang: LanguageCode, fresh: Freshness): string {
  const shown = items.slice(0, FIRST_SCREEN_ROWS)
  if (shown.length === 0 || !shown.every((item) => isPriced(item, fresh))) return ''
  return (
    `<div class="boot-content" data-lang="${lang}">` +
    // The category chips' place (their names come with the app).
    '<div class="boot-chips"><i></i><i></i><i></i><i></i><i></i></div>' +
    shown.map((item) => row(item, lang)).join('') +
    '</div>'
  )
}

/**
 * `/trade`'s quote of `item` where the app's quote panel shows it: last price and change, the code
 * beside them (the app has it in its header), the closed-market notice's place when it is closed,
 * and the chart's place below.
 */
export function tradeQuoteHtml(item: Instrument | undefined, lang: LanguageCode, fresh: Freshness): string {
  if (!item || !isPriced(item, fresh)) return ''
  const change = shellChange(item.ForexQuotations.Change, lang)
  return (
    `<div class="boot-content" data-lang="${lang}" data-instrument="${item.Id}">` +
    '<div class="boot-quote"><span class="boot-quote-main">' +
    `<span class="boot-quote-last num change-${change.direction}">` +
    `${shellPrice(item.LastPrice, item.PricePrecision, lang)}</span>` +
    `<span class="boot-change num change-${change.direction}">${change.text}</span>` +
    `</span><bdi class="boot-code">${escapeHtml(item.ShowCode)}</bdi></div>` +
    // The closed-market notice's place: the shell's script writes its text (app/layout/boot-shell.ts).
    (item.MarketStatus === MarketStatus.Closed ? '<div class="boot-notice"><p></p></div>' : '') +
    '<i class="boot-chart"></i></div>'
  )
}

/**
 * index.html with `content` in place of the shell's skeleton (between the two markers); the page as
 * built when the content is empty or the markers are missing.
 */
export function withFirstScreen(indexHtml: string, content: string): string {
  const start = indexHtml.indexOf(CONTENT_START)
  const end = indexHtml.indexOf(CONTENT_END)
  if (!content || start < 0 || end < start) return indexHtml
  return indexHtml.slice(0, start) + content + indexHtml.slice(end + CONTENT_END.length)
}

/**
 * The page with the language it is written in first in `<head>`: `<meta name="page-lang">`, in which
 * the shell's script starts when the phone has no stored choice, and `<meta name="shell-texts">`,
 * that language's shell texts (header, tabs, sign-in headings: the script itself carries only the
 * default language's), so that a first visit in English shows English before the app has loaded
 * (app/layout/boot-shell.ts in apps/web).
 */
export function withPageLanguage(html: string, lang: LanguageCode, shellTexts: string | undefined): string {
  const metas = [`<meta name="page-lang" content="${lang}">`]
  if (shellTexts) metas.push(`<meta name="shell-texts" content="${escapeHtml(shellTexts)}">`)
  return html.replace('<head>', `<head>\n    ${metas.join('\n    ')}`)
}

/** Where index.html's sign-in heading holds the site's name (the app's brand: site_title). */
export const BRAND_NAME_SLOT = '<span class="boot-auth-name"></span>'

/** The page with the site's name in the shell's sign-in heading, as the app's AuthPage shows it. */
export function withBrandName(html: string, name: string): string {
  return name
    ? html.replace(BRAND_NAME_SLOT, `<span class="boot-auth-name">${escapeHtml(name)}</span>`)
    : html
}
