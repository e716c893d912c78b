import { webUrl } from '../../../common/lib/web-address.ts'

/** Site status 0 means the site is closed: the visitor is sent to its `loss_url` (docs/product.md "States"). */
export const SITE_CLOSED = 0

/** Only a real http(s) address is followed, so a bad setting cannot run script via javascript: URLs. */
export function closedSiteTarget(status: number, lossUrl: string | null | undefined): string | null {
  if (status !== SITE_CLOSED || !lossUrl) return null
  return webUrl(lossUrl)?.href ?? null
}
