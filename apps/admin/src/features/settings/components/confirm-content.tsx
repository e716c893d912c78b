import { Alert, Descriptions, Space, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { SettingView } from '../api/settings-api.ts'
import { shownValue } from '../lib/setting-meta.ts'

/** What a confirmed change does: from what to what, and for closing the site, where clients go. */
export function ConfirmContent({
  setting,
  next,
  all,
}: {
  setting: SettingView
  next: string
  all: SettingView[]
}) {
  const t = useT()
  const lossUrl = all.find((s) => s.key === 'loss_url')?.value ?? ''
  const closing = setting.key === 'site_status' && next === '0'
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="setting-confirm">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'now', label: t('settings.confirm.now'), children: shownValue(t, setting) },
          {
            key: 'new',
            label: t('settings.confirm.new'),
            children: <Typography.Text strong>{shownValue(t, setting, next)}</Typography.Text>,
          },
        ]}
      />
      {closing && <Alert type="warning" showIcon title={t('settings.confirm.closing')} />}
      {closing && lossUrl === '' && <Alert type="error" showIcon title={t('settings.confirm.noLossUrl')} />}
      {closing && lossUrl !== '' && <Typography.Text code>{lossUrl}</Typography.Text>}
      {setting.key === 'loss_url' && (
        <Typography.Text type="secondary">{t('settings.confirm.lossUrl')}</Typography.Text>
      )}
    </Space>
  )
}
