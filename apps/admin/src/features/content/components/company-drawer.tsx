import { useEffect } from 'react'
import { Button, Drawer, Form, Input, Space } from 'antd'
import type { Rule } from 'antd/es/form'
import type { Company } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { contentApi, type CompanyFields } from '../api/content-api.ts'
import { isPlainEmail, isWebAddress } from '../lib/web-values.ts'

const EMPTY: CompanyFields = {
  name: '',
  logo: '',
  url: '',
  subject: '',
  registered_address: '',
  location: '',
  email: '',
}

const LABELS: Record<keyof CompanyFields, MessageKey> = {
  name: 'content.company.name',
  logo: 'content.company.logo',
  url: 'content.company.url',
  subject: 'content.company.subject',
  registered_address: 'content.company.registeredAddress',
  location: 'content.company.location',
  email: 'content.company.email',
}

/** Adds or edits a partner company; every field checked with the server's rules (the contracts' isPlainEmail and webAddress). */
export function CompanyDrawer({
  company,
  onClose,
  onSaved,
}: {
  company: Company | 'new' | null
  onClose: () => void
  onSaved: () => Promise<void>
}) {
  const t = useT()
  const [form] = Form.useForm<CompanyFields>()
  const { saving, save: saveChange } = useSaveChange({ toastRefusal: true })
  const existing = company && company !== 'new' ? company : undefined

  useEffect(() => {
    if (company) form.setFieldsValue(company === 'new' ? EMPTY : { ...EMPTY, ...company })
  }, [company, form])

  const web: Rule = {
    validator: async (_, value: string | undefined) => {
      if (!value?.trim() || isWebAddress(value.trim())) return
      throw new Error(t('content.company.badUrl'))
    },
  }
  const email: Rule = {
    validator: async (_, value: string | undefined) => {
      if (!value?.trim() || isPlainEmail(value.trim())) return
      throw new Error(t('content.company.badEmail'))
    },
  }
  const noControl: Rule = { pattern: /^[^\u0000-\u001f\u007f]*$/, message: t('content.company.badText') } // eslint-disable-line no-control-regex

  async function save(values: CompanyFields) {
    const body = Object.fromEntries(
      Object.keys(EMPTY).map((key) => [key, (values[key as keyof CompanyFields] ?? '').trim()]),
    ) as unknown as CompanyFields
    await saveChange(() => contentApi.saveCompany(existing?.id, body), t('content.company.saved'), onSaved)
  }

  const field = (name: keyof CompanyFields, max: number, rules: Rule[] = [], placeholder?: string) => (
    <Form.Item
      name={name}
      label={t(LABELS[name])}
      rules={[...rules, { max, message: t('content.company.tooLong', { max }) }]}
    >
      <Input data-testid={`company-${name}`} placeholder={placeholder} maxLength={max} showCount />
    </Form.Item>
  )

  return (
    <Drawer
      open={company !== null}
      size={560}
      onClose={onClose}
      destroyOnHidden
      title={t(existing ? 'content.company.editTitle' : 'content.company.newTitle')}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="company-save" onClick={() => form.submit()}>
            {t('content.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="company-form">
        {field('name', 120, [
          { required: true, whitespace: true, message: t('content.company.nameRequired') },
          noControl,
        ])}
        {field('subject', 200, [noControl])}
        {field('url', 500, [web], 'https://')}
        {field('logo', 1000, [web], 'https://')}
        {field('email', 254, [email], 'service@example.com')}
        {field('location', 200, [noControl])}
        {field('registered_address', 300, [noControl])}
      </Form>
    </Drawer>
  )
}
