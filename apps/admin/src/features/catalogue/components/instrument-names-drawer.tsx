import { Alert, Button, Col, Drawer, Form, Input, Row, Space, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import { INSTRUMENT_NAME_MAX_LENGTH, LANGUAGES, type AdminInstrument } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { useSave } from './use-save.ts'

type Values = { names?: Record<string, string | undefined> }

/**
 * An instrument's name in each language but English (English is its `name`, edited with its other
 * terms): what phones show under its code. An emptied name is removed and English shows again.
 */
export function InstrumentNamesDrawer({
  instrument,
  onClose,
}: {
  instrument: AdminInstrument
  onClose: () => void
}) {
  const t = useT()
  const [form] = Form.useForm<Values>()
  const { saving, refusal, save: saveNow, unchanged } = useSave(onClose)
  const stored = instrument.names ?? {}
  const languages = LANGUAGES.filter((language) => language.code !== 'en')

  const lengthRule: Rule = {
    max: INSTRUMENT_NAME_MAX_LENGTH,
    message: t('catalogue.tooLong', { max: INSTRUMENT_NAME_MAX_LENGTH }),
  }

  async function save(values: Values) {
    // Only the languages whose name changed: "" removes a stored one.
    const names = Object.fromEntries(
      languages
        .map((language) => [language.code, values.names?.[language.code]?.trim() ?? ''] as const)
        .filter(([code, name]) => name !== (stored[code] ?? '')),
    )
    if (unchanged(names)) return
    await saveNow(
      () => catalogueApi.editInstrumentNames(instrument.id, { names }),
      t('catalogue.names.savedLive', { code: instrument.code }),
    )
  }

  return (
    <Drawer
      open
      size={640}
      onClose={onClose}
      destroyOnHidden
      data-testid="instrument-names-drawer"
      title={t('catalogue.names.title', { code: instrument.show_code })}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            data-testid="instrument-names-save"
            onClick={() => form.submit()}
          >
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">
        {t('catalogue.names.english', { name: instrument.name })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ names: { ...stored } }}
        onFinish={(values) => void save(values)}
      >
        <Row gutter={16}>
          {languages.map((language) => (
            <Col span={12} key={language.code}>
              <Form.Item
                name={['names', language.code]}
                label={`${language.name} (${language.code})`}
                rules={[lengthRule]}
              >
                <Input
                  maxLength={INSTRUMENT_NAME_MAX_LENGTH}
                  dir={language.rtl ? 'rtl' : undefined}
                  placeholder={t('catalogue.names.fallback')}
                  data-testid={`instrument-name-${language.code}`}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Drawer>
  )
}
