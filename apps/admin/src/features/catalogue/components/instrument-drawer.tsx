import { Alert, App, Button, Divider, Drawer, Form, Space, Tag, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import type { Rule } from 'antd/es/form'
import type { AdminCategory, AdminInstrument } from '@tp/contracts'
import { useT } from '../../../shared/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import {
  instrumentChange,
  toForm,
  type InstrumentFormValues,
  type SessionRow,
} from '../lib/instrument-form.ts'
import { checkedSessions, fromPoint } from '../lib/sessions.ts'
import { GeneralFields, SimulatorFields, TradingFields } from './instrument-fields.tsx'
import { SwapFields } from './swap-fields.tsx'
import { LeverageField } from './leverage-field.tsx'
import { SessionsEditor } from './sessions-editor.tsx'
import { useSave } from './use-save.ts'

interface Props {
  instrument: AdminInstrument
  categories: AdminCategory[]
  onClose: () => void
  /** Reads the catalogue again once a change is saved. */
}

/**
 * Every editable field of one instrument, grouped as a dealer thinks of them. Save sends only what
 * changed; the running engine and every phone take it at once. A refusal keeps the form as typed.
 */
export function InstrumentDrawer({ instrument, categories, onClose }: Props) {
  const t = useT()
  const { modal } = App.useApp()
  const [form] = Form.useForm<InstrumentFormValues>()
  const { saving, refusal, save: saveNow, unchanged } = useSave(onClose)

  const sessionsRule: Rule = {
    validator: async (_, rows: SessionRow[] = []) => {
      const windows = rows.map((row) => ({ From: fromPoint(row.from), To: fromPoint(row.to) }))
      const bad = windows.findIndex((w) => w.From === undefined || w.To === undefined)
      if (bad >= 0) throw new Error(t('catalogue.sessions.badTime', { n: bad + 1 }))
      const checked = checkedSessions(windows as { From: number; To: number }[])
      if (!checked.ok)
        throw new Error(t(`catalogue.sessions.${checked.problem}`, { n: (checked.index ?? 0) + 1 }))
    },
  }

  async function send(values: InstrumentFormValues) {
    const change = instrumentChange(instrument, values)
    if (unchanged(change)) return
    await saveNow(
      () => catalogueApi.editInstrument(instrument.id, change),
      t('catalogue.savedLive', { code: instrument.code }),
    )
  }

  function save(values: InstrumentFormValues) {
    // Disabling takes the instrument off every phone and cancels its pending orders' fills.
    if (values.enabled === false && instrument.enabled)
      modal.confirm({
        title: t('catalogue.disableTitle', { code: instrument.code }),
        content: t('catalogue.disableText'),
        okText: t('common.confirm'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('common.cancel'),
        onOk: () => send(values),
      })
    else void send(values)
  }

  return (
    <Drawer
      open
      size={760}
      onClose={onClose}
      destroyOnHidden
      data-testid="instrument-drawer"
      title={
        <Space>
          <span>{instrument.code}</span>
          <Typography.Text type="secondary">{instrument.name}</Typography.Text>
          {!instrument.enabled && <Tag>{t('catalogue.disabled')}</Tag>}
        </Space>
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="instrument-save" onClick={() => form.submit()}>
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="save-error" />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={toForm(instrument)}
        onFinish={save}
        scrollToFirstError
        data-testid="instrument-form"
      >
        <Divider titlePlacement="start">{t('catalogue.group.general')}</Divider>
        <GeneralFields categories={categories} />
        <Divider titlePlacement="start">{t('catalogue.group.trading')}</Divider>
        <TradingFields instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.swap')}</Divider>
        <SwapFields instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.leverage')}</Divider>
        <LeverageField instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.sessions')}</Divider>
        <Typography.Paragraph type="secondary">{t('catalogue.sessions.hint')}</Typography.Paragraph>
        <Form.Item name="sessions" rules={[sessionsRule]}>
          <SessionsEditor />
        </Form.Item>
        <Divider titlePlacement="start">{t('catalogue.group.simulator')}</Divider>
        <SimulatorFields instrument={instrument} />
      </Form>
    </Drawer>
  )
}
