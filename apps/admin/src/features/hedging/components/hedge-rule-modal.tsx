import { useQueryClient } from '@tanstack/react-query'
import { Alert, AutoComplete, Form, Input, Modal, Select, type ButtonProps } from 'antd'
import { HEDGE_MODES, type AdminHedgeRule, type HedgeModeName } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { hedgingApi, hedgingKeys } from '../../../common/api/hedging-api.ts'

const ANY = ''
const GROUP = /^[a-z0-9_-]{1,32}$/
const LOTS = /^\d{1,6}(\.\d{1,4})?$/

interface Values {
  instrument: string
  client_group: string
  mode: HedgeModeName
  threshold_lots: string
}

/** A rule's scope (an instrument, a client group, either "any") and what it passes on. Saving a scope's rule again replaces it. */
export function HedgeRuleModal({
  rule,
  groups,
  instruments,
  onClose,
}: {
  rule?: AdminHedgeRule
  groups: string[]
  /** Every instrument's code. */
  instruments: string[]
  onClose: () => void
}) {
  const t = useT()
  const client = useQueryClient()
  const [form] = Form.useForm<Values>()
  const mode = Form.useWatch('mode', form)
  const change = useSaveChange()
  const submit = (values: Values) =>
    change.save(
      () =>
        hedgingApi.saveRule({
          instrument: values.instrument || null,
          client_group: values.client_group.trim() || null,
          mode: values.mode,
          threshold_lots: values.mode === 'hybrid' ? values.threshold_lots.trim() : '0',
        }),
      t('hedging.rules.saved'),
      async () => {
        await client.invalidateQueries({ queryKey: hedgingKeys.view })
        onClose()
      },
    )
  return (
    <Modal
      open
      title={t(rule ? 'hedging.rules.edit' : 'hedging.rules.add')}
      okText={t('hedging.rules.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'hedge-rule-save' } as ButtonProps}
      destroyOnHidden
    >
      {change.refusal && (
        <Alert type="error" showIcon message={change.refusal} style={{ marginBottom: 12 }} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          instrument: rule?.instrument ?? ANY,
          client_group: rule?.client_group ?? '',
          mode: rule?.mode ?? 'a_book',
          threshold_lots: rule?.threshold_lots ?? '0',
        }}
      >
        <Form.Item name="instrument" label={t('hedging.rules.instrument')}>
          <Select
            showSearch
            disabled={rule !== undefined}
            data-testid="hedge-rule-instrument"
            options={[
              { value: ANY, label: t('hedging.any') },
              ...instruments.map((code) => ({ value: code, label: code })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="client_group"
          label={t('hedging.rules.group')}
          extra={t('hedging.rules.groupHint')}
          rules={[
            {
              validator: async (_, v: string) =>
                !v?.trim() || GROUP.test(v.trim())
                  ? undefined
                  : Promise.reject(new Error(t('hedging.groupInvalid'))),
            },
          ]}
        >
          <AutoComplete
            disabled={rule !== undefined}
            options={groups.map((g) => ({ value: g }))}
            data-testid="hedge-rule-group"
          >
            <Input placeholder={t('hedging.any')} />
          </AutoComplete>
        </Form.Item>
        <Form.Item name="mode" label={t('hedging.rules.mode')} extra={mode && t(`hedging.modeHint.${mode}`)}>
          <Select
            data-testid="hedge-rule-mode"
            options={HEDGE_MODES.map((m) => ({ value: m, label: t(`hedging.mode.${m}`) }))}
          />
        </Form.Item>
        {mode === 'hybrid' && (
          <Form.Item
            name="threshold_lots"
            label={t('hedging.rules.threshold')}
            extra={t('hedging.rules.thresholdHint')}
            rules={[{ pattern: LOTS, message: t('hedging.lotsInvalid') }]}
          >
            <Input inputMode="decimal" data-testid="hedge-rule-threshold" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
