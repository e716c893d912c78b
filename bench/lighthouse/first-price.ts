import { chromium } from 'playwright-core'

/** What shows a price: the server's first screen (`/`, `/trade`) or the app's list and quote. */
const PRICE_SELECTOR = '.boot-last, .boot-quote-last, .market-row-price, .quote-last'

declare global {
  interface Window {
    __firstPriceAt?: number
  }
}

/**
 * Milliseconds from navigation to the first frame with a price on screen, on a first visit at 4x
 * CPU slowdown (the phone goal of issue 25: within 1 s), network unthrottled, in a fresh browser
 * context of the Chromium at `cdpPort` at the phone viewport. A price counts once an element of
 * PRICE_SELECTOR is laid out with a digit in it (the frame that paints it follows; a headless page
 * runs no animation frames to time it by).
 */
export async function firstPriceMs(cdpPort: number, url: string): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`)
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    // A string, not a function: tsx names functions with a helper the page does not have.
    await page.addInitScript(`(() => {
      const shown = () => Array.from(document.querySelectorAll(${JSON.stringify(PRICE_SELECTOR)})).some(
        (element) => /\\d/.test(element.textContent || '') && element.getClientRects().length > 0)
      const observer = new MutationObserver(() => {
        if (!shown()) return
        observer.disconnect()
        window.__firstPriceAt = performance.now()
      })
      observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
    })()`)
    await page.goto(url)
    await page.waitForFunction(() => window.__firstPriceAt !== undefined, null, { timeout: 30_000 })
    return await page.evaluate(() => window.__firstPriceAt as number)
  } finally {
    await context.close()
    await browser.close()
  }
}
