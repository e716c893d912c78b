import type { BasicInfo, CompanyStatus, Envelope } from '@tp/contracts/light'
import { rememberCompanyFromLink } from '../../common/lib/company-cookie.ts'
import { desktopTarget, isDesktopBrowser } from './lib/desktop.ts'
import { closedSiteTarget } from './lib/site-status.ts'

/**
 * The data of a public call, or undefined on any failure. Plain fetch rather than the app's API
 * client: this module is its own small chunk, loaded beside the first screen, and importing the
 * client (with i18n and the session) would make the bundler split the first load into more chunks.
 */
async function publicData<T>(path: string): Promise<T | undefined> {
  try {
    const answer = (await (await fetch(path)).json()) as Envelope<T>
    return answer.code === 1 ? answer.data : undefined
  } catch {
    return undefined
  }
}

/**
 * The site-wide modes, checked once as the app starts (main.tsx): a closed site sends every page to
 * its `loss_url`; a desktop browser goes to the `pc_url` site when one is set (otherwise it sees the
 * phone layout centred); a partner's `?company_id=` link is remembered for three years. Unknown
 * status or settings (offline, server error) leave the app usable as it is.
 */
export async function applySiteModes(): Promise<void> {
  rememberCompanyFromLink()
  const [status, info] = await Promise.all([
    publicData<CompanyStatus>('/api/company/getCompanyStatus'),
    publicData<BasicInfo>('/api/basicSet/getBasicInfo'),
  ])
  const closed = status ? closedSiteTarget(status.status, status.loss_url) : null
  if (closed) return window.location.replace(closed)
  if (!info || !isDesktopBrowser(navigator.userAgent, navigator.maxTouchPoints)) return
  const desktop = desktopTarget(info.pc_url, new URL(window.location.href))
  if (desktop) window.location.replace(desktop)
}
