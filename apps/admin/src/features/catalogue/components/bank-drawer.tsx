import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Space, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import {
  depositBankAccountUpdateRequest,
  type AdminDepositBankAccount,
  type DepositBankAccountUpdateRequest,
} from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { changedFields, required, schemaRule } from '../lib/rules.ts'
import { useSave } from './use-save.ts'

type Values = Omit<AdminDepositBankAccount, 'id' | 'currency'>

/** SWIFT/BIC: bank, country, location and an optional branch (the server also checks the country). */
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/

const TEXT_FIELDS: {
  name: 'bank_name' | 'bank_swift' | 'payee_name' | 'payee_account' | 'bank_address'
  max: number
  required?: boolean
  wide?: boolean
}[] = [
  { name: 'bank_name', max: 100, required: true },
  { name: 'bank_swift', max: 11 },
  { name: 'payee_name', max: 100, required: true },
  { name: 'payee_account', max: 64, required: true },
  { name: 'bank_address', max: 200, wide: true },
]

/** The broker's bank account shown to users who deposit by wire: every detail the transfer needs. */
export function BankDrawer({ account, onClose }: { account: AdminDepositBankAccount; onClose: () => void }) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, confirmAndSave } = useSave(onClose)
  const check = (field: string, max: number) =>
    schemaRule(depositBankAccountUpdateRequest, field, t('catalogue.tooLong', { max }))
  const bicRule: Rule = {
    validator: async (_, text: string | undefined) => {
      if (text?.trim() && !BIC.test(text.replace(/\s+/g, '').toUpperCase()))
        throw new Error(t('catalogue.bank.badSwift'))
    },
  }

  function save(values: Values) {
    const change = changedFields<Values>(account, values) as DepositBankAccountUpdateRequest
    confirmAndSave(
      change,
      t('catalogue.bank.confirmTitle', { bank: account.bank_name }),
      t('catalogue.bank.confirmText'),
      () => catalogueApi.editBank(account.id, change),
    )
  }

  return (
    <Drawer
      open
      size={640}
      onClose={onClose}
      destroyOnHidden
      data-testid="bank-drawer"
      title={t('catalogue.bank.editTitle', { currency: account.currency })}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="bank-save" onClick={() => form.submit()}>
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="save-error" />
      )}
      <Form form={form} layout="vertical" initialValues={account} onFinish={save}>
        <Row gutter={16}>
          {TEXT_FIELDS.map((field) => (
            <Col span={field.wide ? 24 : 12} key={field.name}>
              <Form.Item
                name={field.name}
                label={t(`catalogue.bank.${field.name}`)}
                rules={[
                  ...(field.required ? [required(t)] : []),
                  check(field.name, field.max),
                  ...(field.name === 'bank_swift' ? [bicRule] : []),
                ]}
              >
                <Input maxLength={field.max} data-testid={`bank-${field.name}`} />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <Form.Item
              name="bank_remark"
              label={t('catalogue.bank.bank_remark')}
              rules={[check('bank_remark', 300)]}
            >
              <Input.TextArea maxLength={300} showCount rows={3} />
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
    </Drawer>
  )
}
