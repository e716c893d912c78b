import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'

// http_ece (the encryption web push uses, RFC 8188) has no types; only decrypt is needed here.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer
}

/** A device as a push service knows it: where its messages go, and the keys to read them. */
export interface TestDevice {
  /** What the browser would send to `POST /api/push/subscribe`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  /** The messages the device got, decrypted, oldest first. */
  received: unknown[]
  /** What the push service answers for this device from now on (201 taken, 410 gone, 500 failing). */
  answer: number
}

/**
 * Whether `authorization` is a VAPID one (RFC 8292) a push service accepts: `vapid t=<JWT>, k=<key>`,
 * the JWT signed (ES256) by the key it names, for this push service (`aud`), not expired.
 */
function vapidSigned(authorization: string, audience: string): boolean {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization)
  if (!match) return false
  const [, header, claims, signature, key] = match as unknown as string[]
  const point = Buffer.from(key!, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  )
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; exp: number }
  return signed && body.aud === audience && body.exp * 1000 > Date.now()
}

/** One request as the push service received it. */
export interface PushRequest {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/**
 * A local push service, as the browsers' are to the server: it takes the server's encrypted POSTs
 * (RFC 8030), checks a VAPID authorization is there, and decrypts each message with the device's
 * private key, as the browser would before handing it to the service worker.
 */
export async function startPushService() {
  const devices = new Map<string, TestDevice & { ecdh: ECDH }>()
  const requests: PushRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      const path = request.url ?? '/'
      requests.push({ path, headers: request.headers, body })
      const device = devices.get(path)
      if (!device) return void response.writeHead(404).end()
      if (device.answer === 201) {
        if (!vapidSigned(request.headers.authorization ?? '', origin))
          return void response.writeHead(401).end()
        const message = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.subscription.keys.auth,
        })
        device.received.push(JSON.parse(message.toString('utf8')))
      }
      response.writeHead(device.answer).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    /** A new device: keys of its own and an endpoint on this service. */
    device(): TestDevice {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const path = `/push/${randomBytes(8).toString('hex')}`
      const device = {
        ecdh,
        received: [],
        answer: 201,
        subscription: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      }
      devices.set(path, device)
      return device
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
