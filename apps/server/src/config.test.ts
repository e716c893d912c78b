import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('fills defaults from an empty environment', () => {
    const loaded = loadConfig({})
    expect(loaded.ok && loaded.config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: './data' })
    expect(loaded.ok && loaded.config.DATABASE_URL).toBeUndefined()
  })

  it('names each bad variable', () => {
    const loaded = loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: '' })
    expect(loaded.ok).toBe(false)
    if (!loaded.ok) {
      expect(loaded.errors).toHaveLength(2)
      expect(loaded.errors.join('\n')).toMatch(/PORT/)
      expect(loaded.errors.join('\n')).toMatch(/DATABASE_URL: must start with postgres/)
    }
  })

  it('defaults PUBLIC_URL to the real port', () => {
    const loaded = loadConfig({ PORT: '3000' })
    expect(loaded.ok && loaded.config.PUBLIC_URL).toBe('http://localhost:3000')
    const given = loadConfig({ PORT: '3000', PUBLIC_URL: 'https://trade.example.com' })
    expect(given.ok && given.config.PUBLIC_URL).toBe('https://trade.example.com')
  })

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    const none = loadConfig({})
    expect(none.ok && none.config.TRUST_PROXY).toBeUndefined()
    const named = loadConfig({
      TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback',
    })
    expect(named.ok && named.config.TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ])
  })

  it.each(['1', 'true', '*', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', ' , ', '10.0.0.1/8/8'])(
    'refuses TRUST_PROXY=%j with a clear message',
    (value) => {
      const loaded = loadConfig({ TRUST_PROXY: value })
      expect(loaded.ok).toBe(false)
      if (!loaded.ok) expect(loaded.errors.join('\n')).toMatch(/^TRUST_PROXY: must be .*proxy addresses/)
    },
  )

  it('allows any origin by default, or the listed ones', () => {
    const unset = loadConfig({})
    expect(unset.ok && unset.config.CORS_ORIGINS).toBeUndefined()
    const any = loadConfig({ CORS_ORIGINS: '*' })
    expect(any.ok && any.config.CORS_ORIGINS).toBe('*')
    const listed = loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' })
    expect(listed.ok && listed.config.CORS_ORIGINS).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ])
  })

  it.each([
    'https://app.example.com/',
    'https://app.example.com/path',
    'app.example.com',
    '*,https://a.example',
    ',',
  ])('refuses CORS_ORIGINS=%j', (value) => {
    const loaded = loadConfig({ CORS_ORIGINS: value })
    expect(loaded.ok).toBe(false)
    if (!loaded.ok) expect(loaded.errors.join('\n')).toMatch(/^CORS_ORIGINS: must/)
  })

  it('takes a VAPID key pair whole or not at all, and a list of push services', () => {
    const publicKey = `B${'A'.repeat(86)}`
    const privateKey = 'a'.repeat(43)
    const both = loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })
    expect(both.ok && both.config.VAPID_PUBLIC_KEY).toBe(publicKey)
    const half = loadConfig({ VAPID_PUBLIC_KEY: publicKey })
    expect(!half.ok && half.errors).toEqual(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither'])
    expect(loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey }).ok).toBe(false)
    const services = loadConfig({ PUSH_SERVICES: 'fcm.googleapis.com, push.example.net' })
    expect(services.ok && services.config.PUSH_SERVICES).toEqual(['fcm.googleapis.com', 'push.example.net'])
    expect(loadConfig({ PUSH_SERVICES: 'https://fcm.googleapis.com' }).ok).toBe(false)
  })
})
