import { webUrl } from '../../../common/lib/web-address.ts'

/**
 * docs/product.md "Limits": devices are classed desktop or mobile by user agent. Phones and tablets name
 * themselves (Android, iPhone, "Mobile", …); an iPad on iPadOS 13+ claims to be a Mac, so a Mac
 * with a touch screen counts as a tablet.
 */
const MOBILE_AGENT =
  /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry|HarmonyOS|webOS|Kindle|Silk/i

export function isDesktopBrowser(userAgent: string, maxTouchPoints = 0): boolean {
  if (MOBILE_AGENT.test(userAgent)) return false
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return false
  return true
}

/**
 * Where a desktop browser goes: the `pc_url` setting with this page's path and query kept (an
 * invitation link stays an invitation link), or nowhere when it is unset, not http(s), or this
 * very site (which would redirect forever). Without it, the desktop sees the phone layout centred.
 */
export function desktopTarget(pcUrl: string | undefined, here: URL): string | null {
  if (!pcUrl?.trim()) return null
  const base = webUrl(pcUrl.trim())
  if (!base) return null
  if (base.origin === here.origin) return null
  const path = base.pathname.replace(/\/$/, '') + here.pathname
  return new URL(path + here.search, base.origin).href
}
