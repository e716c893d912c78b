import { Alert, Button, Drawer, Form, Input, Radio, Select, Space } from 'antd'
import type { Rule } from 'antd/es/form'
import {
  HOLIDAY_NAME_MAX_LENGTH,
  HOLIDAY_WINDOWS_MAX,
  holidayRequest,
  type AdminCategory,
  type AdminHoliday,
  type AdminInstrument,
} from '@tp/contracts'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { catalogueApi } from '../api/catalogue-api.ts'
import { categoryName } from '../lib/category-name.ts'
import {
  checkedHolidayHours,
  holidayRequestOf,
  readHourRow,
  toHolidayForm,
  type HolidayFormValues,
} from '../lib/holidays.ts'
import { windowsRule } from '../lib/rules.ts'
import { DateInput } from './date-input.tsx'
import { HolidayHoursEditor } from './holiday-hours-editor.tsx'
import { useSave } from './use-save.ts'

interface Props {
  holiday: AdminHoliday | 'new'
  categories: AdminCategory[]
  instruments: AdminInstrument[]
  /** The date a new holiday starts with (today in UTC; staff pick the market's own date). */
  today: string
  onClose: () => void
}

/**
 * One holiday: its local date, name, scope (every instrument, a category or one instrument) and
 * either closed all day or the hours it trades. Saving replaces it whole; the markets follow at once.
 */
export function HolidayDrawer({ holiday, categories, instruments, today, onClose }: Props) {
  const { t, language } = useI18n()
  const [form] = Form.useForm<HolidayFormValues>()
  const { saving, refusal, save } = useSave(onClose)
  const existing = holiday === 'new' ? undefined : holiday
  const closed = Form.useWatch('closed', form) as boolean | undefined

  const nameRule: Rule = {
    validator: async (_, name: string | undefined) => {
      if (name?.trim() && !holidayRequest.shape.name.safeParse(name).success)
        throw new Error(t('catalogue.holiday.badName', { max: HOLIDAY_NAME_MAX_LENGTH }))
    },
  }
  const hoursRules: Rule[] = [
    { required: true, type: 'array', min: 1, message: t('catalogue.holiday.noHours') },
    windowsRule(t, readHourRow, checkedHolidayHours),
  ]

  function send(values: HolidayFormValues) {
    const body = holidayRequestOf(values)
    void save(
      () => (existing ? catalogueApi.editHoliday(existing.id, body) : catalogueApi.createHoliday(body)),
      t('catalogue.holiday.saved'),
    )
  }

  const scopeOptions = [
    { value: 'all', label: t('catalogue.holiday.all') },
    {
      label: t('catalogue.holiday.categories'),
      options: categories.map((c) => ({ value: `category:${c.id}`, label: categoryName(c, language) })),
    },
    {
      label: t('catalogue.holiday.instruments'),
      options: instruments.map((i) => ({ value: `instrument:${i.id}`, label: `${i.code} · ${i.name}` })),
    },
  ]

  return (
    <Drawer
      open
      size={560}
      onClose={onClose}
      destroyOnHidden
      data-testid="holiday-drawer"
      title={
        existing ? t('catalogue.holiday.editTitle', { name: existing.name }) : t('catalogue.holiday.newTitle')
      }
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="holiday-save" onClick={() => form.submit()}>
            {t('catalogue.save')}
          </Button>
        </Space>
      }
    >
      {refusal && (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="save-error" />
      )}
      <Form form={form} layout="vertical" initialValues={toHolidayForm(existing, today)} onFinish={send}>
        <Form.Item
          name="date"
          label={t('catalogue.holiday.date')}
          extra={t('catalogue.holiday.dateHint')}
          rules={[{ required: true, message: t('catalogue.required') }]}
        >
          <DateInput data-testid="holiday-date" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('catalogue.holiday.name')}
          rules={[{ required: true, whitespace: true, message: t('catalogue.required') }, nameRule]}
        >
          <Input maxLength={HOLIDAY_NAME_MAX_LENGTH} data-testid="holiday-name" />
        </Form.Item>
        <Form.Item name="scope" label={t('catalogue.holiday.scope')} extra={t('catalogue.holiday.scopeHint')}>
          <Select showSearch optionFilterProp="label" options={scopeOptions} data-testid="holiday-scope" />
        </Form.Item>
        <Form.Item name="closed" label={t('catalogue.holiday.hours')}>
          <Radio.Group
            optionType="button"
            data-testid="holiday-closed"
            options={[
              { value: true, label: t('catalogue.holiday.closedAllDay') },
              { value: false, label: t('catalogue.holiday.someHours') },
            ]}
          />
        </Form.Item>
        {closed === false && (
          <Form.Item
            name="hours"
            extra={t('catalogue.holiday.hoursHint', { max: HOLIDAY_WINDOWS_MAX })}
            rules={hoursRules}
          >
            <HolidayHoursEditor />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  )
}
