import { describe, expect, it } from 'vitest'
import { desktopTarget, isDesktopBrowser } from './desktop.ts'

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'

describe('isDesktopBrowser', () => {
  it('classes desktop browsers as desktop and phones as mobile', () => {
    expect(isDesktopBrowser(CHROME_WINDOWS)).toBe(true)
    expect(isDesktopBrowser(SAFARI_MAC)).toBe(true)
    expect(isDesktopBrowser(IPHONE)).toBe(false)
    expect(isDesktopBrowser(ANDROID)).toBe(false)
  })

  it('takes an iPad that calls itself a Mac for a tablet', () => {
    expect(isDesktopBrowser(SAFARI_MAC, 5)).toBe(false)
  })
})

describe('desktopTarget', () => {
  const here = new URL('https://m.broker.example/register?invite_code=AB12CD')

  it('keeps the path and query on the desktop address', () => {
    expect(desktopTarget('https://pc.broker.example', here)).toBe(
      'https://pc.broker.example/register?invite_code=AB12CD',
    )
    expect(desktopTarget('https://broker.example/pc/', here)).toBe(
      'https://broker.example/pc/register?invite_code=AB12CD',
    )
  })

  it('goes nowhere without a usable address, or to this same site', () => {
    expect(desktopTarget('', here)).toBeNull()
    expect(desktopTarget(undefined, here)).toBeNull()
    expect(desktopTarget('not a url', here)).toBeNull()
    expect(desktopTarget('javascript:alert(1)', here)).toBeNull()
    expect(desktopTarget('https://m.broker.example/desktop', here)).toBeNull()
  })
})
