import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { SETTINGS_QUERY_KEY, settingsApi } from '../api/settings-api.ts'
import { GROUPS, inGroup } from '../lib/setting-meta.ts'
import { SettingGroup } from './setting-group.tsx'

/** Every setting of the platform, grouped by who may change it, each saved on its own. */
export function SettingsPage() {
  const t = useT()
  const list = useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: ({ signal }) => settingsApi.list(signal) })
  const settings = list.data ?? []
  return (
    <div data-testid="settings-page" style={{ maxWidth: 1100 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('settings.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('settings.loadFailed')}
          description={list.error.message}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {list.isPending && <Card loading />}
      {GROUPS.map((group) => {
        const shown = inGroup(settings, group)
        return shown.length > 0 && <SettingGroup key={group} group={group} settings={shown} all={settings} />
      })}
    </div>
  )
}
