import { Alert, Col, Form, Input, InputNumber, Modal, Row, Switch, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import type { Rule } from 'antd/es/form'
import { depositChannelUpdateRequest, type AdminDepositChannel } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { addressLooksRight } from '../lib/address-shape.ts'
import { changedFields, required, schemaRule } from '../lib/rules.ts'
import { useSave } from './use-save.ts'

type Values = Pick<AdminDepositChannel, 'address' | 'enabled' | 'sort'>

export const channelLabel = (c: AdminDepositChannel) => `${c.currency_code}-${c.protocol_code}`

/**
 * A coin deposit channel: the broker's address users send coins to (its form checked for the
 * network here, its checksum by the server), whether it is offered, and its order.
 */
export function ChannelModal({ channel, onClose }: { channel: AdminDepositChannel; onClose: () => void }) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, confirmAndSave } = useSave(onClose)
  const addressRule: Rule = {
    validator: async (_, address: string | undefined) => {
      if (!address?.trim()) return
      if (
        !depositChannelUpdateRequest.safeParse({ address }).success ||
        !addressLooksRight(channel.protocol_code || channel.currency_code, address.trim())
      )
        throw new Error(t('catalogue.channel.badAddress', { network: channel.protocol_code }))
    },
  }

  function save(values: Values) {
    const change = changedFields<Values>(channel, values)
    confirmAndSave(
      change,
      t('catalogue.channel.confirmTitle', { channel: channelLabel(channel) }),
      change.address
        ? t('catalogue.channel.confirmAddress', { address: change.address })
        : t('catalogue.channel.confirmText'),
      () => catalogueApi.editChannel(channel.id, change),
    )
  }

  return (
    <Modal
      open
      width={640}
      title={t('catalogue.channel.editTitle', { channel: channelLabel(channel) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('catalogue.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'channel-save' } as ButtonProps}
      destroyOnHidden
    >
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="save-error" />
      )}
      <Typography.Paragraph type="secondary">{t('catalogue.channel.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={channel} onFinish={save}>
        <Form.Item
          name="address"
          label={t('catalogue.field.address', { network: channel.protocol_code })}
          rules={[required(t), addressRule]}
        >
          <Input
            maxLength={128}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            data-testid="channel-address"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="sort"
              label={t('catalogue.field.sort')}
              rules={[
                { required: true, message: t('catalogue.required') },
                schemaRule(depositChannelUpdateRequest, 'sort', t('catalogue.bad.sort')),
              ]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('catalogue.field.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  )
}
