import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

import { translate } from '../i18n/i18n.ts'
import { toastInfo } from '../lib/toast.ts'

/*
 * The browser's side of passkeys, through @simplewebauthn/browser (loaded on first use). A prompt
 * the user closed is no error to show: undefined. Any other failure (no authenticator, a site the
 * passkey is not for) is said once here, then thrown.
 */

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

function failed(error: unknown): undefined {
  if (cancelled(error)) return undefined
  toastInfo(translate('security.passkeyFailed'))
  throw error
}

export async function askPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON | undefined> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  return startAuthentication({ optionsJSON: options }).catch(failed)
}

export async function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON | undefined> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  return startRegistration({ optionsJSON: options }).catch(failed)
}
