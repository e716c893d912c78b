import type { Translate } from '../../../common/i18n/i18n.tsx'
import type { SettingView } from '../api/settings-api.ts'
import { isPlainEmail, ORDERED_AMOUNT_SETTINGS, webAddress } from '@tp/contracts/light'
import { labelOf, shownValue } from './setting-meta.ts'

/**
 * The setting's own bounds (its type, sent by the server) and the contracts' shared e-mail and
 * address rules, so a mistake is said before saving; the server checks again, and its refusal
 * (levels against each other, minimum above maximum) is shown.
 * Undefined when the value fits.
 */
export function settingError(
  t: Translate,
  setting: SettingView,
  raw: string,
  all: SettingView[],
): string | undefined {
  return fitError(t, setting, raw) ?? orderError(t, setting.key, raw.trim(), all)
}

/**
 * Pairs whose first must stay below (the levels: the engine's checkTradingSettings) or at most (the
 * amounts: the contracts' ORDERED_AMOUNT_SETTINGS) the second.
 */
const ORDERED: readonly (readonly [string, string, 'below' | 'atMost'])[] = [
  ['stop_out_level', 'margin_call_level', 'below'],
  ...ORDERED_AMOUNT_SETTINGS.map(([low, high]) => [low, high, 'atMost'] as const),
]

function orderError(t: Translate, key: string, value: string, all: SettingView[]): string | undefined {
  const stored = (name: string) => all.find((s) => s.key === name)
  for (const [low, high, strict] of ORDERED) {
    const other = stored(key === low ? high : key === high ? low : '')
    if (!other || other.value === '') continue
    const [a, b] = key === low ? [Number(value), Number(other.value)] : [Number(other.value), Number(value)]
    if (strict === 'below' ? a < b : a <= b) continue
    const values = { label: labelOf(t, other.key), value: shownValue(t, other) }
    if (key === low) return t(strict === 'below' ? 'settings.error.below' : 'settings.error.atMost', values)
    return t(strict === 'below' ? 'settings.error.above' : 'settings.error.atLeast', values)
  }
  return undefined
}

function fitError(t: Translate, setting: SettingView, raw: string): string | undefined {
  const value = raw.trim()
  const type = setting.type
  switch (type.kind) {
    case 'choice':
      return undefined
    case 'integer': {
      const fits = /^\d{1,9}$/.test(value) && Number(value) >= type.min && Number(value) <= type.max
      return fits ? undefined : t('settings.error.integer', { min: type.min, max: type.max })
    }
    case 'usd': {
      const fits =
        /^\d{1,12}(\.\d{1,2})?$/.test(value) &&
        Number(value) >= Number(type.min) &&
        Number(value) <= Number(type.max)
      return fits
        ? undefined
        : t('settings.error.usd', {
            min: Number(type.min).toLocaleString('en-US'),
            max: Number(type.max).toLocaleString('en-US'),
          })
    }
    case 'text':
      // eslint-disable-next-line no-control-regex
      return value.length >= 1 && value.length <= type.max && !/[\u0000-\u001f\u007f]/.test(value)
        ? undefined
        : t('settings.error.text', { max: type.max })
    case 'email':
      return value.length <= 254 && isPlainEmail(value) ? undefined : t('settings.error.email')
    case 'url':
      if (value === '' || webAddress(value)) return undefined
      if (type.relative && /^\/(?!\/)[^\s\\]*$/.test(value)) return undefined
      return t(type.relative ? 'settings.error.urlRelative' : 'settings.error.url')
  }
}

/** The bounds shown under the field. */
export function boundsText(t: Translate, setting: SettingView): string {
  const type = setting.type
  switch (type.kind) {
    case 'choice':
      return ''
    case 'integer':
      return t('settings.bounds.range', {
        min: type.min.toLocaleString('en-US'),
        max: type.max.toLocaleString('en-US'),
        unit: setting.unit,
      })
    case 'usd':
      return t('settings.bounds.usd', {
        min: Number(type.min).toLocaleString('en-US'),
        max: Number(type.max).toLocaleString('en-US'),
      })
    case 'text':
      return t('settings.bounds.text', { max: type.max })
    case 'email':
      return t('settings.bounds.email')
    case 'url':
      return t(type.relative ? 'settings.bounds.urlRelative' : 'settings.bounds.url')
  }
}
