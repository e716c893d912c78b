import { Button, Dropdown, Input, Select, Space, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { NoFormStyle } from 'antd/es/form/context'
import type { TradingWindow } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { SessionRow } from '../lib/instrument-form.ts'
import {
  SESSION_TEMPLATES,
  SESSION_WINDOWS_MAX,
  fromPoint,
  toPoint,
  type WeekPoint,
} from '../lib/sessions.ts'
import { WeekChart } from './week-chart.tsx'

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const

const rowsOf = (windows: readonly TradingWindow[]): SessionRow[] =>
  windows.map((w) => ({ from: toPoint(w.From), to: toPoint(w.To, true) }))

type TemplateKey = keyof typeof SESSION_TEMPLATES

/**
 * The weekly trading windows, in the instrument's zone (`zone`): each from a day and time to a day
 * and time (24:00 is the end of a day), with a chart of the week and the usual templates, which set
 * the zone they are read in too (`onZone`). Read as the wire's minutes (`sessionsField`) on save.
 */
export function SessionsEditor({
  value = [],
  onChange,
  zone,
  onZone,
}: {
  value?: SessionRow[]
  onChange?: (rows: SessionRow[]) => void
  zone: string
  onZone: (zone: string) => void
}) {
  const t = useT()
  const set = (rows: SessionRow[]) => onChange?.(rows)
  const patch = (index: number, side: 'from' | 'to', point: Partial<WeekPoint>) =>
    set(value.map((row, i) => (i === index ? { ...row, [side]: { ...row[side], ...point } } : row)))
  const dayOptions = DAYS.map((day) => ({ value: day, label: t(`catalogue.day.${day}`) }))

  /** Only the window at fault is marked (the form item's error would mark every input). */
  const endsFirst = (row: SessionRow) => {
    const [from, to] = [fromPoint(row.from), fromPoint(row.to)]
    return from !== undefined && to !== undefined && from >= to
  }
  const point = (index: number, side: 'from' | 'to', at: WeekPoint, bad: boolean) => (
    <Space.Compact>
      <Select
        value={at.day}
        options={dayOptions}
        style={{ width: 120 }}
        onChange={(day: number) => patch(index, side, { day })}
        aria-label={t(side === 'from' ? 'catalogue.sessions.fromDay' : 'catalogue.sessions.toDay')}
      />
      <Input
        value={at.time}
        status={fromPoint(at) === undefined || (bad && side === 'to') ? 'error' : undefined}
        style={{ width: 90 }}
        placeholder="HH:MM"
        data-testid={`session-${side}-${index}`}
        onChange={(event) => patch(index, side, { time: event.target.value })}
      />
    </Space.Compact>
  )

  return (
    <NoFormStyle status>
      <div data-testid="sessions-editor">
        <WeekChart rows={value} zone={zone} />
        <Space orientation="vertical" size={8} style={{ width: '100%', marginTop: 12 }}>
          {value.length === 0 && (
            <Typography.Text type="warning">{t('catalogue.sessions.closedForGood')}</Typography.Text>
          )}
          {value.map((row, index) => (
            <Space key={index} wrap>
              {point(index, 'from', row.from, endsFirst(row))}
              <span>→</span>
              {point(index, 'to', row.to, endsFirst(row))}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('catalogue.sessions.remove')}
                onClick={() => set(value.filter((_, i) => i !== index))}
              />
            </Space>
          ))}
          <Space>
            <Button
              icon={<PlusOutlined />}
              disabled={value.length >= SESSION_WINDOWS_MAX}
              onClick={() =>
                set([...value, { from: { day: 1, time: '00:00' }, to: { day: 1, time: '24:00' } }])
              }
            >
              {t('catalogue.sessions.add')}
            </Button>
            <Dropdown
              menu={{
                items: (Object.keys(SESSION_TEMPLATES) as TemplateKey[]).map((key) => ({
                  key,
                  label: (
                    <span data-testid={`sessions-template-${key}`}>
                      {t(`catalogue.sessions.template.${key}`)}
                    </span>
                  ),
                })),
                onClick: ({ key }) => {
                  const template = SESSION_TEMPLATES[key as TemplateKey]
                  set(rowsOf(template.windows))
                  onZone(template.timeZone)
                },
              }}
            >
              <Button data-testid="sessions-templates">{t('catalogue.sessions.templates')}</Button>
            </Dropdown>
          </Space>
        </Space>
      </div>
    </NoFormStyle>
  )
}
