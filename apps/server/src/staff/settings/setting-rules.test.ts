import { describe, expect, it } from 'vitest'
import { SETTING_DEFAULTS } from '../../settings/settings.ts'
import { SETTING_RULES, isGuardedSetting, normaliseSetting } from './setting-rules.ts'

describe('setting rules', () => {
  it('cover every setting, and every default fits its own rule', () => {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      const rule = SETTING_RULES[key as keyof typeof SETTING_DEFAULTS]
      expect(rule, key).toBeDefined()
      expect(normaliseSetting(rule, value), key).toBe(value)
    }
  })

  it('keep each kind of value within its bounds', () => {
    const { stop_out_level: level, deposit_max_usd: usd, service_link: link, loss_url: loss } = SETTING_RULES
    expect(normaliseSetting(level, '50')).toBe('50')
    for (const bad of ['0', '-5', '50.5', '1e3', '', 'fifty', '99999999999'])
      expect(normaliseSetting(level, bad)).toBeUndefined()
    expect(normaliseSetting(usd, '2500.50')).toBe('2500.5')
    for (const bad of ['-1', '1.234', 'NaN', '1,000']) expect(normaliseSetting(usd, bad)).toBeUndefined()
    expect(normaliseSetting(link, '/chat.html')).toBe('/chat.html')
    expect(normaliseSetting(link, 'https://chat.example.com/x')).toBe('https://chat.example.com/x')
    for (const bad of ['javascript:alert(1)', '//evil.example', 'data:text/html,x', 'ftp://x.example'])
      expect(normaliseSetting(link, bad), bad).toBeUndefined()
    expect(normaliseSetting(loss, '/relative')).toBeUndefined()
    expect(normaliseSetting(loss, '')).toBe('')
    expect(normaliseSetting(SETTING_RULES.site_status, '2')).toBeUndefined()
    expect(normaliseSetting(SETTING_RULES.site_title, 'a\u0000b')).toBeUndefined()
  })

  it('guard every money setting, the fee type and every leverage cap, and nothing else (issue 22)', () => {
    for (const key of Object.keys(SETTING_RULES) as (keyof typeof SETTING_RULES)[]) {
      const money = SETTING_RULES[key].group === 'money'
      expect(isGuardedSetting(key), key).toBe(
        money || key === 'trade_fee_type' || key.startsWith('leverage_cap_'),
      )
    }
    expect(isGuardedSetting('adjustment_four_eyes_usd')).toBe(true)
    expect(isGuardedSetting('withdraw_daily_max_usd')).toBe(true)
    expect(isGuardedSetting('stop_out_level')).toBe(false)
    expect(isGuardedSetting('site_title')).toBe(false)
  })
})
