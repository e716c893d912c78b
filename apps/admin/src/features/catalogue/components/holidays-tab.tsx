import { useMemo, useState, type HTMLAttributes } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { AdminCategory, AdminHoliday } from '@tp/contracts/light'
import { ListCard } from '../../../common/components/list-card.tsx'
import { useConfirm } from '../../../common/components/use-confirm.tsx'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { useUrlParams } from '../../../common/lib/use-url-params.ts'
import { catalogueApi, catalogueKeys } from '../api/catalogue-api.ts'
import { categoryName } from '../lib/category-name.ts'
import { defaultListFrom, hoursText, isDateText, utcDate } from '../lib/holidays.ts'
import { DateInput } from './date-input.tsx'
import { HolidayDrawer } from './holiday-drawer.tsx'

/** The weekday of a YYYY-MM-DD date (0 Sunday), as the calendar has it wherever the reader is. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6

/**
 * The holiday calendar from a date (in the URL; a week ago unless chosen): each day a market trades
 * other hours, with its scope and hours, local to each market. Add, edit, delete (confirmed).
 */
export function HolidaysTab({ categories }: { categories: AdminCategory[] }) {
  const { t, language } = useI18n()
  const { message } = App.useApp()
  const confirm = useConfirm()
  const client = useQueryClient()
  const [params, update] = useUrlParams()
  const [editing, setEditing] = useState<AdminHoliday | 'new' | null>(null)
  const asked = params.get('from') ?? ''
  const from = isDateText(asked) ? asked : defaultListFrom(Date.now())
  const list = useQuery({
    queryKey: catalogueKeys.holidays(from),
    queryFn: ({ signal }) => catalogueApi.holidays(from, signal),
  })
  const instruments = useQuery({
    queryKey: catalogueKeys.instruments,
    queryFn: ({ signal }) => catalogueApi.instruments(signal),
  })
  const codes = useMemo(
    () => new Map((instruments.data ?? []).map((i) => [i.id, i.code])),
    [instruments.data],
  )
  const categoryNames = useMemo(
    () => new Map(categories.map((c) => [c.id, categoryName(c, language)])),
    [categories, language],
  )

  const scope = (h: AdminHoliday) => {
    if (h.instrument_id !== null)
      return <Typography.Text strong>{codes.get(h.instrument_id) ?? `#${h.instrument_id}`}</Typography.Text>
    if (h.category_id !== null)
      return <Tag color="blue">{categoryNames.get(h.category_id) ?? `#${h.category_id}`}</Tag>
    return <Tag>{t('catalogue.holiday.all')}</Tag>
  }

  const remove = (h: AdminHoliday) =>
    confirm({
      title: t('catalogue.holiday.deleteTitle', { name: h.name, date: h.date }),
      content: t('catalogue.holiday.deleteText'),
      okText: t('catalogue.holiday.delete'),
      danger: true,
      run: () => catalogueApi.deleteHoliday(h.id),
      done: () => message.success(t('catalogue.holiday.deleted')),
      settled: () => void client.invalidateQueries({ queryKey: ['catalogue'] }),
    })

  const columns: ColumnsType<AdminHoliday> = [
    {
      title: t('catalogue.holiday.date'),
      dataIndex: 'date',
      width: 200,
      render: (date: string) => (
        <Space size={6}>
          <Typography.Text strong>{date}</Typography.Text>
          <Typography.Text type="secondary">{t(`catalogue.day.${weekdayOf(date)}`)}</Typography.Text>
        </Space>
      ),
    },
    { title: t('catalogue.holiday.name'), dataIndex: 'name' },
    { title: t('catalogue.holiday.scope'), key: 'scope', render: (_, h) => scope(h) },
    {
      title: t('catalogue.holiday.hours'),
      dataIndex: 'hours',
      render: (hours: AdminHoliday['hours']) =>
        hours.length === 0 ? <Tag color="red">{t('catalogue.holiday.closed')}</Tag> : hoursText(hours),
    },
    {
      key: 'actions',
      width: 100,
      render: (_, h) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('catalogue.edit')}
            data-testid="holiday-edit"
            onClick={() => setEditing(h)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('catalogue.holiday.delete')}
            data-testid="holiday-delete"
            onClick={() => remove(h)}
          />
        </Space>
      ),
    },
  ]

  return (
    <ListCard
      testId="holidays-tab"
      title={t('catalogue.holiday.title')}
      total={list.data?.length}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="holiday-new"
          onClick={() => setEditing('new')}
        >
          {t('catalogue.holiday.new')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('catalogue.holiday.intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <span>{t('catalogue.holiday.from')}</span>
        <DateInput value={from} data-testid="holiday-from" onChange={(date) => update({ from: date })} />
      </Space>
      <Table<AdminHoliday>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending}
        locale={{ emptyText: t('catalogue.holiday.none') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(h) => ({ 'data-testid': `holiday-row-${h.id}` }) as HTMLAttributes<HTMLElement>}
      />
      {editing && (
        <HolidayDrawer
          holiday={editing}
          categories={categories}
          instruments={instruments.data ?? []}
          today={utcDate(Date.now())}
          onClose={() => setEditing(null)}
        />
      )}
    </ListCard>
  )
}
