import { LEGAL_PAGE } from '@tp/contracts/light'
import { ApiError } from '../api-client.ts'
import { navigateTo } from '../lib/navigation.ts'

/**
 * A deposit or trade refused until the current legal documents are accepted (`consent_required`,
 * decision 045): the API client has shown the server's message; the user goes on to the page that
 * takes the acceptance. The error goes on to the caller either way.
 */
export function onConsentRefusal(error: unknown): never {
  if (error instanceof ApiError && error.reason === 'consent_required') navigateTo(LEGAL_PAGE)
  throw error
}
