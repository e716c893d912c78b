import { Alert, Col, Form, Input, InputNumber, Modal, Radio, Row, Switch } from 'antd'
import type { ButtonProps } from 'antd'
import type { Rule } from 'antd/es/form'
import {
  WITHDRAW_FEE_SHARE_MAX,
  WITHDRAW_FIXED_FEE_MAX_USD,
  withdrawCurrencyUpdateRequest,
  type AdminWithdrawCurrency,
  type WithdrawCurrencyUpdateRequest,
} from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { changedFields, decimalGreater, percentText, required, schemaRule } from '../lib/rules.ts'
import { useSave } from './use-save.ts'

type Values = Pick<AdminWithdrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price' | 'enabled' | 'sort'>

export const currencyLabel = (c: Pick<AdminWithdrawCurrency, 'code' | 'protocol'>) =>
  c.protocol ? `${c.code}-${c.protocol}` : c.code

/**
 * A payout currency's fee (a fixed USD amount or a share of the amount), its USD price, state and
 * order. Changing the fee type must restate the rate in the new unit (the server refuses the type alone).
 */
export function CurrencyModal({
  currency,
  onClose,
}: {
  currency: AdminWithdrawCurrency
  onClose: () => void
}) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, confirmAndSave } = useSave(onClose)
  const feeType = Form.useWatch('fee_type', form) ?? currency.fee_type
  const check = (field: string, message: string) => schemaRule(withdrawCurrencyUpdateRequest, field, message)

  const rateRule: Rule = ({ getFieldValue, isFieldTouched }) => ({
    validator: async (_, rate: string) => {
      const type = getFieldValue('fee_type') as number
      if (type !== currency.fee_type && (!isFieldTouched('draw_rate') || rate === currency.draw_rate))
        throw new Error(t('catalogue.currency.restate'))
      const max = type === 1 ? String(WITHDRAW_FIXED_FEE_MAX_USD) : String(WITHDRAW_FEE_SHARE_MAX)
      if (rate && decimalGreater(rate, max) === true)
        throw new Error(t('catalogue.bad.feeMax', { max: type === 1 ? `${max} USD` : percentText(max) }))
    },
  })

  function save(values: Values) {
    const change = changedFields<Values>(currency, values) as WithdrawCurrencyUpdateRequest
    // A new fee type always travels with its rate (the server refuses the type alone).
    if (change.fee_type !== undefined) change.draw_rate = values.draw_rate.trim()
    confirmAndSave(
      change,
      t('catalogue.currency.confirmTitle', { code: currencyLabel(currency) }),
      t('catalogue.currency.confirmText'),
      () => catalogueApi.editCurrency(currency.id, change),
    )
  }

  return (
    <Modal
      open
      width={640}
      title={t('catalogue.currency.editTitle', { code: currencyLabel(currency) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('catalogue.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'currency-save' } as ButtonProps}
      destroyOnHidden
    >
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="save-error" />
      )}
      <Form form={form} layout="vertical" initialValues={currency} onFinish={save}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="fee_type" label={t('catalogue.field.feeType')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: t('catalogue.currency.fixed') },
                  { value: 2, label: t('catalogue.currency.share') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="draw_rate"
              label={t('catalogue.field.drawRate')}
              dependencies={['fee_type']}
              extra={feeType === 1 ? t('catalogue.currency.fixedHint') : t('catalogue.currency.shareHint')}
              rules={[required(t), check('draw_rate', t('catalogue.bad.decimal', { decimals: 6 })), rateRule]}
            >
              <Input
                inputMode="decimal"
                suffix={feeType === 1 ? 'USD' : t('catalogue.unit.shareOfAmount')}
                data-testid="currency-rate"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="usd_price"
              label={t('catalogue.field.usdPrice')}
              rules={[required(t), check('usd_price', t('catalogue.bad.usdPrice'))]}
            >
              <Input
                inputMode="decimal"
                suffix={t('catalogue.unit.usdPer', { code: currency.code })}
                data-testid="currency-price"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sort"
              label={t('catalogue.field.sort')}
              rules={[{ required: true, message: t('catalogue.required') }]}
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
