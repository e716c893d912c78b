import { useQueryClient } from '@tanstack/react-query'
import { Alert, AutoComplete, Form, Input, InputNumber, Modal, Select, type ButtonProps } from 'antd'
import type { AdminGroupMarkup } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { hedgingApi, hedgingKeys, type GroupMarkupInput } from '../../../common/api/hedging-api.ts'

const GROUP = /^[a-z0-9_-]{1,32}$/
/** The widest markup the server takes (MARKUP_POINTS_MAX). */
const MAX_POINTS = 10_000

/** Asks for a group's markup on an instrument (0: none); it waits for a second admin. */
export function GroupMarkupModal({
  markup,
  groups,
  instruments,
  onClose,
}: {
  markup?: AdminGroupMarkup
  groups: string[]
  /** Every instrument's code. */
  instruments: string[]
  onClose: () => void
}) {
  const t = useT()
  const client = useQueryClient()
  const [form] = Form.useForm<GroupMarkupInput>()
  const change = useSaveChange()
  const submit = (values: GroupMarkupInput) =>
    change.save(
      () => hedgingApi.askMarkup({ ...values, client_group: values.client_group.trim() }),
      t('hedging.markups.ask'),
      async () => {
        await client.invalidateQueries({ queryKey: hedgingKeys.view })
        onClose()
      },
    )
  return (
    <Modal
      open
      title={t(markup ? 'hedging.markups.edit' : 'hedging.markups.add')}
      okText={t('hedging.markups.ask')}
      cancelText={t('common.cancel')}
      confirmLoading={change.saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'group-markup-save' } as ButtonProps}
      destroyOnHidden
    >
      {change.refusal && (
        <Alert type="error" showIcon message={change.refusal} style={{ marginBottom: 12 }} />
      )}
      <Form<GroupMarkupInput>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          instrument: markup?.code ?? instruments[0],
          client_group: markup?.client_group ?? '',
          points: markup?.points ?? 0,
        }}
      >
        <Form.Item name="instrument" label={t('hedging.markups.instrument')}>
          <Select
            showSearch
            disabled={markup !== undefined}
            data-testid="group-markup-instrument"
            options={instruments.map((code) => ({ value: code, label: code }))}
          />
        </Form.Item>
        <Form.Item
          name="client_group"
          label={t('hedging.markups.group')}
          rules={[
            {
              validator: async (_, v: string) =>
                GROUP.test(v?.trim() ?? '')
                  ? undefined
                  : Promise.reject(new Error(t('hedging.groupInvalid'))),
            },
          ]}
        >
          <AutoComplete
            disabled={markup !== undefined}
            options={groups.map((g) => ({ value: g }))}
            data-testid="group-markup-group"
          >
            <Input />
          </AutoComplete>
        </Form.Item>
        <Form.Item
          name="points"
          label={t('hedging.markups.points')}
          extra={t('hedging.markups.pointsHint')}
          rules={[
            {
              type: 'integer',
              min: 0,
              max: MAX_POINTS,
              required: true,
              message: t('hedging.markups.pointsInvalid'),
            },
          ]}
        >
          <InputNumber
            min={0}
            max={MAX_POINTS}
            precision={0}
            style={{ width: '100%' }}
            data-testid="group-markup-points"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
