import { useEffect } from 'react'
import { fetchCompanyStatus } from '../../../shared/api/company-status.ts'

/** Site status 0 means the site is closed: the visitor is sent to its `loss_url`. */
export const SITE_CLOSED = 0

/** Only a real http(s) address is followed, so a bad setting cannot run script via javascript: URLs. */
export function closedSiteTarget(status: number, lossUrl: string | null | undefined): string | null {
  if (status !== SITE_CLOSED || !lossUrl) return null
  try {
    const url = new URL(lossUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Checks once at start whether the site is open. */
export function useSiteStatus(): void {
  useEffect(() => {
    let active = true
    fetchCompanyStatus()
      .then((status) => {
        const target = closedSiteTarget(status.status, status.loss_url)
        if (active && target) window.location.replace(target)
      })
      .catch(() => undefined) // unknown status: keep the app usable
    return () => {
      active = false
    }
  }, [])
}
