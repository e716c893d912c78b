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
})
