import { MarketStatus, type Instrument } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import {
  CONTENT_END,
  CONTENT_START,
  marketRowsHtml,
  shellChange,
  shellPrice,
  tradeQuoteHtml,
  withFirstScreen,
  withPageLanguage,
} from './first-screen-html.ts'

const NOW = 1_700_000_000_000
const FRESH = { nowMs: NOW, maxQuoteAgeMs: 5_000 }
const quotedAt = (NowTime: number) => ({ Change: 0, NowTime }) as Instrument['ForexQuotations']

function instrument(overrides: Partial<Instrument> = {}): Instrument {
  return {
    Id: 7,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Name: 'Euro / US Dollar',
    NameShowTrans: '歐元/美元',
    MarketStatus: MarketStatus.Open,
    PricePrecision: 5,
    LastPrice: 1.08412,
    ForexQuotations: { Change: 0.125, NowTime: NOW - 1_000 } as Instrument['ForexQuotations'],
    ...overrides,
  } as Instrument
}

describe('the first screen written into the page', () => {
  it('writes prices as the app does: the instrument decimals and the locale, Latin digits', () => {
    expect(shellPrice(67012.5, 2, 'en')).toBe('67,012.50')
    expect(shellPrice(67012.5, 2, 'de')).toBe('67.012,50')
    expect(shellPrice(1.005, 2, 'en')).toBe('1.00') // toFixed's text, as the app's formatPrice
    expect(shellPrice(1234.5, 1, 'ar')).toBe('1,234.5')
    expect(shellPrice(Number.NaN, 2, 'en')).toBe('--')
  })

  it('writes the change with its sign, rounded half away from zero, flat when it rounds to nothing', () => {
    expect(shellChange(0.125, 'en')).toEqual({ text: '+0.13%', direction: 'up' })
    expect(shellChange(-0.125, 'en')).toEqual({ text: '-0.13%', direction: 'down' })
    expect(shellChange(0.004, 'en')).toEqual({ text: '0.00%', direction: 'flat' })
    expect(shellChange(1.5, 'de').text).toBe('+1,50\u00a0%')
  })

  it("escapes names and codes: a catalogue name is staff's text, not markup", () => {
    const html = marketRowsHtml(
      [instrument({ NameShowTrans: '<img src=x onerror=alert(1)>', ShowCode: 'A&B"' })],
      'en',
      FRESH,
    )
    expect(html).not.toContain('<img')
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
    expect(html).toContain('A&#38;B&#34;')
  })

  it('writes nothing unless every row shown has a price the engine would trade at', () => {
    expect(marketRowsHtml([], 'hk', FRESH)).toBe('')
    expect(marketRowsHtml([instrument(), instrument({ ForexQuotations: quotedAt(0) })], 'hk', FRESH)).toBe('')
    // Older than the engine's quote age on an open market: a stopped feed, a price from before a restart.
    expect(marketRowsHtml([instrument({ ForexQuotations: quotedAt(NOW - 5_001) })], 'hk', FRESH)).toBe('')
    expect(marketRowsHtml([instrument({ ForexQuotations: quotedAt(NOW - 5_000) })], 'hk', FRESH)).not.toBe('')
    expect(marketRowsHtml([instrument({ ForexQuotations: quotedAt(NOW + 60_000) })], 'hk', FRESH)).toBe('')
    // A closed market shows its last price, marked closed.
    const weekend = instrument({
      MarketStatus: MarketStatus.Closed,
      ForexQuotations: quotedAt(NOW - 86_400_000),
    })
    expect(marketRowsHtml([weekend], 'hk', FRESH)).toContain(' data-closed')
    expect(tradeQuoteHtml(undefined, 'hk', FRESH)).toBe('')
    expect(tradeQuoteHtml(instrument({ LastPrice: 0 }), 'hk', FRESH)).toBe('')
    expect(tradeQuoteHtml(instrument({ ForexQuotations: quotedAt(NOW - 60_000) }), 'hk', FRESH)).toBe('')
    expect(tradeQuoteHtml(instrument(), 'hk', FRESH)).toContain('data-instrument="7"')
    // The closed-market notice's place only on a closed market (the shell's script writes its text).
    expect(tradeQuoteHtml(instrument(), 'hk', FRESH)).not.toContain('boot-notice')
    expect(tradeQuoteHtml(weekend, 'hk', FRESH)).toContain('<div class="boot-notice"><p></p></div>')
  })

  it('replaces the skeleton between the markers, and leaves a page without them as it is', () => {
    const page = `<head></head><body>${CONTENT_START}<i></i>${CONTENT_END}</body>`
    expect(withFirstScreen(page, '<b>rows</b>')).toBe('<head></head><body><b>rows</b></body>')
    expect(withFirstScreen(page, '')).toBe(page)
    expect(withFirstScreen('<body></body>', '<b>rows</b>')).toBe('<body></body>')
  })

  it("names the page's language and writes its shell texts, escaped, first in <head>", () => {
    const texts = JSON.stringify({ c: 'en', t: ['Market', '"><script>x</script>'] })
    const page = withPageLanguage('<html><head><title>T</title></head></html>', 'en', texts)
    expect(page).toBe(
      '<html><head>\n    <meta name="page-lang" content="en">\n    <meta name="shell-texts" content="' +
        texts.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) +
        '"><title>T</title></head></html>',
    )
    expect(page).not.toContain('<script>')
    expect(withPageLanguage('<head></head>', 'jp', undefined)).toBe(
      '<head>\n    <meta name="page-lang" content="jp"></head>',
    )
  })
})
