import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import webpush from 'web-push'

/** The key pair web push messages are signed with (VAPID, RFC 8292), base64url. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/**
 * The configured pair, else the one kept in `keyFile`, else a new pair written there first (as the
 * upload signing key is kept, uploads/signing.ts): every device subscribes to the public key, so
 * it must outlive restarts; a new pair would silence every device until it subscribes again.
 */
export async function loadVapidKeys(configured: VapidKeys | undefined, keyFile: string): Promise<VapidKeys> {
  if (configured) return configured
  try {
    return parseKeys(await readFile(keyFile, 'utf8'), keyFile)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dirname(keyFile), { recursive: true })
  const fresh = webpush.generateVAPIDKeys()
  try {
    await writeFile(keyFile, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process made the pair first: theirs is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseKeys(await readFile(keyFile, 'utf8'), keyFile)
}

function parseKeys(text: string, keyFile: string): VapidKeys {
  const keys = JSON.parse(text) as Partial<VapidKeys>
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${keyFile} holds no usable key pair; delete it to make a new one`)
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}
