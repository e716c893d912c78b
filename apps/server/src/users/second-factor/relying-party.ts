/**
 * Who passkeys are made for (WebAuthn's relying party): the host of the platform's public address
 * (`PUBLIC_URL`), and the origin its pages are served from. A browser only uses a passkey on the
 * site it was made for, which is what makes it proof against phishing. Without a configured address
 * (tests, a bare development server) the request's own `Origin` names it.
 */
export interface RelyingParty {
  id: string
  name: string
  origin: string
}

export function relyingParty(
  publicUrl: string | undefined,
  originHeader: string | undefined,
  name: string,
): RelyingParty | undefined {
  const source = publicUrl ?? originHeader
  if (!source) return undefined
  try {
    const url = new URL(source)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    return { id: url.hostname, name: name || url.hostname, origin: url.origin }
  } catch {
    return undefined
  }
}
