import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'

/*
 * The browser's side of passkeys, through @simplewebauthn/browser (loaded on first use). A prompt
 * the user closed is no error to show: undefined.
 */

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

export async function askPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON | undefined> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  try {
    return await startAuthentication({ optionsJSON: options })
  } catch (error) {
    if (cancelled(error)) return undefined
    throw error
  }
}

export async function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON | undefined> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  try {
    return await startRegistration({ optionsJSON: options })
  } catch (error) {
    if (cancelled(error)) return undefined
    throw error
  }
}
