import { Card, Tag, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { SettingGroup as Group, SettingView } from '../api/settings-api.ts'
import { SettingRow } from './setting-row.tsx'

/** One group of settings, as sent by the server (who may change them is the same within it). */
export function SettingGroup({
  group,
  settings,
  all,
}: {
  group: Group
  settings: SettingView[]
  all: SettingView[]
}) {
  const t = useT()
  const readOnly = settings.every((s) => !s.editable)
  return (
    <Card
      data-testid={`settings-group-${group}`}
      title={t(`settings.group.${group}`)}
      extra={readOnly && <Tag data-testid={`settings-readonly-${group}`}>{t('settings.readOnly')}</Tag>}
      style={{ marginBottom: 16 }}
      styles={{ body: { paddingTop: 4 } }}
    >
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t(`settings.groupHint.${group}`)}
      </Typography.Paragraph>
      {settings.map((setting) => (
        <SettingRow key={`${setting.key}=${setting.value}`} setting={setting} all={all} />
      ))}
    </Card>
  )
}
