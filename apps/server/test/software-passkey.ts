import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

/*
 * A passkey in software, for server tests: an authenticator as a phone's would be, answering a
 * challenge with a P-256 key (COSE ES256), "none" attestation, user present and verified, and a
 * signature counter. The browser tests use Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()
const UP_UV = 0x01 | 0x04
const ATTESTED = 0x40

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}

export class SoftwarePasskey {
  readonly id = randomBytes(16)
  private readonly key: KeyObject
  private readonly publicJwk: { x: string; y: string }
  counter: number

  constructor(
    readonly rpId: string,
    readonly origin: string,
    { counting = true }: { counting?: boolean } = {},
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.key = pair.privateKey
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string }
    this.counter = counting ? 1 : 0
  }

  get credentialId() {
    return b64url(this.id)
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The answer to `navigator.credentials.create` with these options (from the server). */
  create(options: { challenge: string }) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ])
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.id.length)
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([UP_UV | ATTESTED]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      idLength,
      this.id,
      Buffer.from(isoCBOR.encode(cose)),
    ])
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ])
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(isoCBOR.encode(attestation as never)),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** The answer to `navigator.credentials.get` for `challenge`; `origin` to play a phishing page. */
  get(options: { challenge: string }, { origin }: { origin?: string } = {}) {
    if (this.counter > 0) this.counter += 1
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([UP_UV]), counterBytes(this.counter)])
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.key)
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    }
  }
}
