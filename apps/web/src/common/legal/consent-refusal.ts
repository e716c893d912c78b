import { APPROPRIATENESS_PAGE, LEGAL_PAGE } from '@tp/contracts/light'
import { ApiError } from '../api-client.ts'
import { navigateTo } from '../lib/navigation.ts'

/** Where each refusal that a page can lift sends the user (decisions 045 and 046). */
const PAGES: Record<string, string> = {
  consent_required: LEGAL_PAGE,
  appropriateness_required: APPROPRIATENESS_PAGE,
}

/**
 * A deposit or trade refused until the current legal documents are accepted (`consent_required`)
 * or the appropriateness test is taken (`appropriateness_required`): the API client has shown the
 * server's message; the user goes on to the page that lifts it. The error goes on to the caller
 * either way.
 */
export function onConsentRefusal(error: unknown): never {
  const page = error instanceof ApiError ? PAGES[error.reason ?? ''] : undefined
  if (page) navigateTo(page)
  throw error
}
