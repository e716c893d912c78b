import { Typography } from 'antd'
import { useT } from '../../../shared/i18n/i18n.tsx'

export function SettingsPage() {
  const t = useT()
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      {t('settings.title')}
    </Typography.Title>
  )
}
