import { Alert, Button, Col, Drawer, Form, Input, InputNumber, Row, Space } from 'antd'
import type { Rule } from 'antd/es/form'
import {
  INSTRUMENT_NAME_MAX_LENGTH,
  LANGUAGES,
  categoryCreateRequest,
  categoryUpdateRequest,
  type AdminCategory,
} from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { required } from '../lib/rules.ts'
import { useSave } from './use-save.ts'

interface Values {
  key: string
  sort: number
  names: Record<string, string | undefined>
}

/**
 * A category's names in each of the app's languages (English required; others fall back to it) and
 * its place among the tabs of the phone's market list. A new one also takes its stable key.
 */
export function CategoryDrawer({
  category,
  onClose,
}: {
  category: AdminCategory | 'new'
  onClose: () => void
}) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, save: saveNow, unchanged } = useSave(onClose)
  const existing = category === 'new' ? undefined : category

  const keyRule: Rule = {
    validator: async (_, key: string | undefined) => {
      if (key && !categoryCreateRequest.safeParse({ key, names: { en: 'x' } }).success)
        throw new Error(t('catalogue.category.badKey'))
    },
  }
  const nameRule = (code: string): Rule => ({
    validator: async (_, name: string | undefined) => {
      if (!name?.trim()) {
        if (existing?.names[code]) throw new Error(t('catalogue.category.cannotRemove'))
        return
      }
      if (!categoryUpdateRequest.safeParse({ names: { [code]: name } }).success)
        throw new Error(t('catalogue.tooLong', { max: INSTRUMENT_NAME_MAX_LENGTH }))
    },
  })

  async function save(values: Values) {
    const names = Object.fromEntries(
      Object.entries(values.names ?? {})
        .map(([code, name]) => [code, name?.trim() ?? ''] as const)
        .filter(([code, name]) => name !== '' && name !== existing?.names[code]),
    )
    if (!existing) {
      await saveNow(() => catalogueApi.createCategory({ key: values.key.trim(), names, sort: values.sort }))
      return
    }
    const change = {
      ...(Object.keys(names).length > 0 ? { names } : {}),
      ...(values.sort !== existing.sort ? { sort: values.sort } : {}),
    }
    if (unchanged(change)) return
    await saveNow(() => catalogueApi.editCategory(existing.id, change))
  }

  return (
    <Drawer
      open
      size={640}
      onClose={onClose}
      destroyOnHidden
      data-testid="category-drawer"
      title={
        existing ? t('catalogue.category.editTitle', { key: existing.key }) : t('catalogue.category.newTitle')
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="category-save" onClick={() => form.submit()}>
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ key: existing?.key ?? '', sort: existing?.sort ?? 0, names: { ...existing?.names } }}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              name="key"
              label={t('catalogue.category.key')}
              extra={t('catalogue.category.keyHint')}
              rules={existing ? [] : [required(t), keyRule]}
            >
              <Input disabled={Boolean(existing)} maxLength={32} data-testid="category-key" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="sort"
              label={t('catalogue.field.sort')}
              rules={[{ required: true, message: t('catalogue.required') }]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {LANGUAGES.map((language) => (
            <Col span={12} key={language.code}>
              <Form.Item
                name={['names', language.code]}
                label={`${language.name} (${language.code})`}
                rules={[...(language.code === 'en' ? [required(t)] : []), nameRule(language.code)]}
              >
                <Input
                  maxLength={INSTRUMENT_NAME_MAX_LENGTH}
                  dir={language.rtl ? 'rtl' : undefined}
                  placeholder={language.code === 'en' ? undefined : t('catalogue.category.fallback')}
                  data-testid={`category-name-${language.code}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Drawer>
  )
}
