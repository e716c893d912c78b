import { useEffect, useMemo, useState, type HTMLAttributes } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { AdminCategory, AdminInstrument } from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { catalogueApi, catalogueKeys } from '../api/catalogue-api.ts'
import { categoryName } from '../lib/category-name.ts'
import { defaultListFrom, holidayHoursOn } from '../lib/holidays.ts'
import { percentText } from '../lib/rules.ts'
import { isOpenAt } from '../lib/sessions.ts'
import { utcOffsetText, zonePlace } from '../lib/time-zones.ts'
import { InstrumentDrawer } from './instrument-drawer.tsx'
import { InstrumentNamesDrawer } from './instrument-names-drawer.tsx'

/** Every instrument, disabled ones too, searchable by code or name and filtered by category. */
export function InstrumentsTab({ categories }: { categories: AdminCategory[] }) {
  const { t, language } = useI18n()
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState<number | 'all'>('all')
  const [editing, setEditing] = useState<AdminInstrument | null>(null)
  const [naming, setNaming] = useState<AdminInstrument | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const list = useQuery({
    queryKey: catalogueKeys.instruments,
    queryFn: ({ signal }) => catalogueApi.instruments(signal),
  })
  // Today's holidays close markets or shorten their day; the holidays tab reads the same list.
  const from = defaultListFrom(now)
  const holidays = useQuery({
    queryKey: catalogueKeys.holidays(from),
    queryFn: ({ signal }) => catalogueApi.holidays(from, signal),
  })

  // Open or closed follows the clock: read it again every half minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])

  const names = useMemo(
    () => new Map(categories.map((c) => [c.id, categoryName(c, language)])),
    [categories, language],
  )
  const needle = search.trim().toLowerCase()
  const rows = (list.data ?? []).filter(
    (i) =>
      (category === 'all' || i.category_id === category) &&
      (!needle || [i.code, i.show_code, i.name].some((text) => text.toLowerCase().includes(needle))),
  )

  const columns: ColumnsType<AdminInstrument> = [
    {
      title: t('catalogue.col.code'),
      dataIndex: 'code',
      render: (code: string, i) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>{code}</Typography.Text>
          {i.show_code !== code && <Typography.Text type="secondary">{i.show_code}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('catalogue.col.name'), dataIndex: 'name' },
    {
      title: t('catalogue.col.category'),
      dataIndex: 'category_id',
      render: (id: number) => names.get(id) ?? id,
    },
    {
      title: <Tooltip title={t('catalogue.col.marketHint')}>{t('catalogue.col.market')}</Tooltip>,
      key: 'market',
      render: (_, i) => (
        <Space orientation="vertical" size={2}>
          {isOpenAt(i, now, (date) => holidayHoursOn(holidays.data ?? [], i, date)) ? (
            <Tag color="green" data-testid="market-open">
              {t('catalogue.market.open')}
            </Tag>
          ) : (
            <Tag data-testid="market-closed">{t('catalogue.market.closed')}</Tag>
          )}
          {/* Where its hours are read: the zone's place, the zone and its offset on hover. */}
          <Tooltip title={`${i.time_zone}, ${utcOffsetText(i.time_zone, now)}`}>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {zonePlace(i.time_zone)}
            </Typography.Text>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('catalogue.col.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? (
          <Tag color="blue">{t('catalogue.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('catalogue.disabled')}</Tag>
        ),
    },
    {
      title: t('catalogue.col.spread'),
      dataIndex: 'spread_points',
      align: 'right',
      render: (points: number) => t('catalogue.points', { n: points }),
    },
    {
      // The source's own spread now and the house's markup on it: what clients pay is both.
      title: t('catalogue.col.markup'),
      key: 'markup',
      align: 'right',
      render: (_, i) => (
        <span data-testid={`markup-${i.code}`}>
          {i.source_spread_points === null
            ? t('catalogue.markupOnly', { markup: i.markup_points })
            : t('catalogue.markupOver', { source: i.source_spread_points, markup: i.markup_points })}
        </span>
      ),
    },
    {
      title: t('catalogue.col.leverage'),
      key: 'leverage',
      render: (_, i) => (
        <span data-testid={`leverage-${i.code}`}>
          {i.leverage.map((value) => (
            <Tag key={value} style={{ marginInlineEnd: 4 }}>{`${value}x`}</Tag>
          ))}
        </span>
      ),
    },
    {
      title: t('catalogue.col.fee'),
      key: 'fee',
      align: 'right',
      render: (_, i) =>
        i.fee_type === 1
          ? t('catalogue.fee.perLot', { rate: i.fee_rate })
          : t('catalogue.fee.share', { rate: percentText(i.fee_rate) }),
    },
    {
      key: 'edit',
      render: (_, i) => (
        <Space size="small">
          <Button size="small" data-testid={`instrument-edit-${i.code}`} onClick={() => setEditing(i)}>
            {t('catalogue.edit')}
          </Button>
          <Button size="small" data-testid={`instrument-names-${i.code}`} onClick={() => setNaming(i)}>
            {t('catalogue.names')}
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="instruments-tab">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('catalogue.searchInstruments')}
          style={{ width: 280 }}
          data-testid="instrument-search"
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          value={category}
          style={{ width: 220 }}
          data-testid="instrument-category-filter"
          onChange={setCategory}
          options={[
            { value: 'all', label: t('catalogue.allCategories') },
            ...categories.map((c) => ({ value: c.id, label: categoryName(c, language) })),
          ]}
        />
        <Typography.Text type="secondary">{t('common.total', { total: rows.length })}</Typography.Text>
      </Space>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(i) => ({ 'data-testid': `instrument-row-${i.code}` }) as HTMLAttributes<HTMLElement>}
      />
      {naming && (
        <InstrumentNamesDrawer key={naming.id} instrument={naming} onClose={() => setNaming(null)} />
      )}
      {editing && (
        <InstrumentDrawer
          key={editing.id}
          instrument={editing}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  )
}
