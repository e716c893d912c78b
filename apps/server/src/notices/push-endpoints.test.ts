import { describe, expect, it } from 'vitest'
import { BROWSER_PUSH_SERVICES, pushEndpointPolicy } from './push-endpoints.ts'

describe('the push services a subscription may name', () => {
  const policy = pushEndpointPolicy(BROWSER_PUSH_SERVICES, ['http://127.0.0.1:4567'])

  it('takes the browsers’ services over https, a subdomain too', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ])
      expect(policy(endpoint), endpoint).toBe(new URL(endpoint).href)
  })

  it('takes plain http only on a listed local origin', () => {
    expect(policy('http://127.0.0.1:4567/push/1')).toBe('http://127.0.0.1:4567/push/1')
    expect(policy('http://127.0.0.1:4568/push/1')).toBeUndefined()
  })

  it('refuses any other address, a look-alike, a port, credentials or plain http', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://xfcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/x',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(policy(endpoint), endpoint).toBeUndefined()
  })
})
