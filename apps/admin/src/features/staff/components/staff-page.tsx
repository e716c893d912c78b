import { Typography } from 'antd'
import { useT } from '../../../shared/i18n/i18n.tsx'

export function StaffPage() {
  const t = useT()
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      {t('staff.title')}
    </Typography.Title>
  )
}
