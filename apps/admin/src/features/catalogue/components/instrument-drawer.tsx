import { Alert, App, Button, Divider, Drawer, Form, Space, Tag, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import type { Rule } from 'antd/es/form'
import type { AdminCategory, AdminInstrument } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import {
  instrumentChange,
  readSessionRow,
  toForm,
  type InstrumentFormValues,
} from '../lib/instrument-form.ts'
import { windowsRule } from '../lib/rules.ts'
import { checkedSessions } from '../lib/sessions.ts'
import { GeneralFields, SimulatorFields, TradingFields } from './instrument-fields.tsx'
import { HouseLimitFields, ProtectionFields } from './protection-fields.tsx'
import { SwapFields } from './swap-fields.tsx'
import { LeverageField } from './leverage-field.tsx'
import { SessionsEditor } from './sessions-editor.tsx'
import { TimeZoneField, useEditedZone } from './time-zone-field.tsx'
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

  const sessionsRule = windowsRule(t, readSessionRow, checkedSessions)

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
        <Divider titlePlacement="start">{t('catalogue.group.protection')}</Divider>
        <ProtectionFields instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.limits')}</Divider>
        <HouseLimitFields />
        <Divider titlePlacement="start">{t('catalogue.group.leverage')}</Divider>
        <LeverageField instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.sessions')}</Divider>
        <TimeZoneField />
        <SessionsField rules={[sessionsRule]} onZone={(zone) => form.setFieldValue('time_zone', zone)} />
        {/* After the zone: the rollover and the triple-swap day are read in it. */}
        <Divider titlePlacement="start">{t('catalogue.group.swap')}</Divider>
        <SwapFields instrument={instrument} />
        <Divider titlePlacement="start">{t('catalogue.group.simulator')}</Divider>
        <SimulatorFields instrument={instrument} />
      </Form>
    </Drawer>
  )
}

/** The weekly windows with their hint, both naming the zone they are read in. */
function SessionsField({ rules, onZone }: { rules: Rule[]; onZone: (zone: string) => void }) {
  const t = useT()
  const { zone } = useEditedZone()
  return (
    <>
      <Typography.Paragraph type="secondary">{t('catalogue.sessions.hint', { zone })}</Typography.Paragraph>
      <Form.Item name="sessions" rules={rules}>
        <SessionsEditor zone={zone} onZone={onZone} />
      </Form.Item>
    </>
  )
}
