import { Input, Select, Space, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { SettingView } from '../api/settings-api.ts'
import { choiceLabel } from '../lib/setting-meta.ts'

interface Props {
  setting: SettingView
  value: string
  invalid: boolean
  onChange: (value: string) => void
  onEnter: () => void
}

/** The field for one setting by its kind: a choice, a number or amount with its unit, or text. */
export function SettingInput({ setting, value, invalid, onChange, onEnter }: Props) {
  const t = useT()
  const { key, type, unit } = setting
  const testId = `setting-input-${key}`
  const status = invalid ? 'error' : undefined

  if (type.kind === 'choice')
    return (
      <Select
        data-testid={testId}
        value={value}
        onChange={onChange}
        style={{ width: '100%' }}
        options={type.options.map((option) => ({ value: option, label: choiceLabel(t, key, option) }))}
      />
    )

  const field = (
    <Input
      data-testid={testId}
      value={value}
      status={status}
      inputMode={type.kind === 'integer' || type.kind === 'usd' ? 'decimal' : undefined}
      placeholder={type.kind === 'url' ? 'https://' : undefined}
      onChange={(event) => onChange(event.target.value)}
      onPressEnter={onEnter}
      allowClear={type.kind === 'url'}
    />
  )
  if (!unit) return field
  const seconds = unit === 'ms' && /^\d+$/.test(value) ? Number(value) / 1000 : undefined
  return (
    <Space size="middle" style={{ width: '100%' }}>
      <Space.Compact style={{ width: 220 }}>
        {field}
        <Space.Addon>{unit}</Space.Addon>
      </Space.Compact>
      {seconds !== undefined && (
        <Typography.Text type="secondary">{t('settings.seconds', { seconds })}</Typography.Text>
      )}
    </Space>
  )
}
