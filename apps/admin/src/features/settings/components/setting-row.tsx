import { waitingNotice } from '../../../common/lib/waiting-notice.ts'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Tooltip, Typography } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import type { ButtonProps } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { SETTINGS_QUERY_KEY, settingsApi, type SettingView } from '../api/settings-api.ts'
import { CONFIRMED, helpOf, labelOf, shownValue } from '../lib/setting-meta.ts'
import { boundsText, settingError } from '../lib/validate.ts'
import { ConfirmContent } from './confirm-content.tsx'
import { FeeRatesDialog } from './fee-rates-dialog.tsx'
import { SettingInput } from './setting-input.tsx'

/** The row's grid: name and help, the field with its bounds, the buttons. */
export const ROW_STYLE = {
  display: 'grid',
  gridTemplateColumns: '300px minmax(0, 1fr) 150px',
  gap: 24,
  alignItems: 'start',
  padding: '14px 0',
  borderBottom: '1px solid #f0f0f0',
} as const

/**
 * One setting: its name, what it does, the field with its unit and bounds, and Save. A change that
 * closes the site or moves money's rules is confirmed first. The row is keyed by the stored value,
 * so it starts again from the server's value whenever that changes.
 */
export function SettingRow({ setting, all }: { setting: SettingView; all: SettingView[] }) {
  const t = useT()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(setting.value)
  const [refusal, setRefusal] = useState<string>()
  const [saving, setSaving] = useState(false)
  const [restating, setRestating] = useState(false)
  const label = labelOf(t, setting.key)
  const error = settingError(t, setting, draft, all)
  const dirty = draft.trim() !== setting.value

  async function send(feeRates?: Record<string, string>) {
    setSaving(true)
    setRefusal(undefined)
    try {
      const answer = await settingsApi.change(setting.key, draft.trim(), feeRates)
      // A setting that guards money waits for a second administrator (issue 22): nothing changed yet.
      const waiting = waitingNotice(t, answer)
      if (waiting) {
        setRestating(false)
        setDraft(setting.value)
        message.info(waiting, 8)
        return
      }
      const saved = answer as SettingView
      queryClient.setQueryData<SettingView[]>(SETTINGS_QUERY_KEY, (old) =>
        old?.map((s) => (s.key === saved.key ? { ...s, value: saved.value } : s)),
      )
      // A cap or a fee switch may have changed instruments: the catalogue reads them again.
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] })
      setRestating(false)
      message.success(t('settings.saved', { label }))
    } catch (failure) {
      // The server's reason (levels against each other, a minimum above its maximum, a role).
      setRefusal((failure as Error).message)
      message.error((failure as Error).message)
    } finally {
      setSaving(false)
    }
  }

  function save() {
    if (error || !dirty) return
    if (setting.key === 'trade_fee_type') return setRestating(true)
    if (!CONFIRMED.has(setting.key)) return void send()
    modal.confirm({
      title: t('settings.confirm.title', { label }),
      content: <ConfirmContent setting={setting} next={draft.trim()} all={all} />,
      okText: t('settings.confirm.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      width: 480,
      onOk: () => send(),
    })
  }

  const help = helpOf(t, setting.key)
  const bounds = boundsText(t, setting)
  return (
    <div style={ROW_STYLE} data-testid={`setting-${setting.key}`}>
      {setting.key === 'trade_fee_type' && (
        <FeeRatesDialog
          open={restating}
          next={draft.trim() === '1' ? '1' : '2'}
          saving={saving}
          refusal={refusal}
          onCancel={() => setRestating(false)}
          onSave={(rates) => void send(rates)}
        />
      )}
      <div>
        <Typography.Text strong>{label}</Typography.Text>
        {help && (
          <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 13 }}>
            {help}
          </Typography.Paragraph>
        )}
      </div>
      {setting.editable ? (
        <div>
          <SettingInput
            setting={setting}
            value={draft}
            invalid={Boolean(error)}
            onChange={(value) => {
              setDraft(value)
              setRefusal(undefined)
            }}
            onEnter={save}
          />
          <div style={{ fontSize: 13, marginTop: 4 }} data-testid={`setting-hint-${setting.key}`}>
            {error || refusal ? (
              <Typography.Text type="danger">{error ?? refusal}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">{bounds}</Typography.Text>
            )}
          </div>
        </div>
      ) : (
        <Space style={{ paddingTop: 4 }}>
          <Tooltip title={t('settings.readOnly')}>
            <LockOutlined style={{ color: '#8c8c8c' }} />
          </Tooltip>
          <Typography.Text data-testid={`setting-value-${setting.key}`}>
            {shownValue(t, setting)}
          </Typography.Text>
        </Space>
      )}
      {setting.editable ? (
        <Space>
          <Button
            type="primary"
            onClick={save}
            disabled={!dirty || Boolean(error)}
            loading={saving}
            data-testid={`setting-save-${setting.key}`}
          >
            {t('settings.save')}
          </Button>
          {dirty && (
            <Button type="text" onClick={() => setDraft(setting.value)}>
              {t('settings.undo')}
            </Button>
          )}
        </Space>
      ) : (
        <span />
      )}
    </div>
  )
}
