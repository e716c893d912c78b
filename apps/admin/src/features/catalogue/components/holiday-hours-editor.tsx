import { Button, Input, Space } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { NoFormStyle } from 'antd/es/form/context'
import { HOLIDAY_WINDOWS_MAX } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { readHourRow, type HourRow } from '../lib/holidays.ts'
import { MINUTES_PER_DAY, clockText } from '../lib/sessions.ts'

/** A new window starts where the last one ends (a second session after a break) and runs to 24:00. */
function nextWindow(rows: readonly HourRow[]): HourRow {
  const end = rows.length > 0 ? readHourRow(rows[rows.length - 1] as HourRow).To : undefined
  return { from: end !== undefined && end < MINUTES_PER_DAY ? clockText(end) : '00:00', to: '24:00' }
}

/**
 * The hours a market trades on its holiday, as HH:MM to HH:MM windows of the local day (24:00 the
 * end of it), at most HOLIDAY_WINDOWS_MAX. Checked as a whole by the form item's rule on save.
 */
export function HolidayHoursEditor({
  value = [],
  onChange,
}: {
  value?: HourRow[]
  onChange?: (rows: HourRow[]) => void
}) {
  const t = useT()
  const set = (rows: HourRow[]) => onChange?.(rows)
  const patch = (index: number, side: keyof HourRow, text: string) =>
    set(value.map((row, i) => (i === index ? { ...row, [side]: text } : row)))
  const time = (index: number, side: keyof HourRow, text: string, bad: boolean) => (
    <Input
      value={text}
      placeholder="HH:MM"
      status={bad ? 'error' : undefined}
      style={{ width: 90 }}
      data-testid={`holiday-${side}-${index}`}
      onChange={(event) => patch(index, side, event.target.value)}
    />
  )
  return (
    // Only the window at fault is marked (the form item's error would mark every input).
    <NoFormStyle status>
      <Space orientation="vertical" size={8} data-testid="holiday-hours">
        {value.map((row, index) => {
          const { From, To } = readHourRow(row)
          const endsFirst = From !== undefined && To !== undefined && From >= To
          return (
            <Space key={index}>
              {time(index, 'from', row.from, From === undefined)}
              <span>–</span>
              {time(index, 'to', row.to, To === undefined || endsFirst)}
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('catalogue.holiday.removeHours')}
                onClick={() => set(value.filter((_, i) => i !== index))}
              />
            </Space>
          )
        })}
        <Button
          icon={<PlusOutlined />}
          disabled={value.length >= HOLIDAY_WINDOWS_MAX}
          data-testid="holiday-add-hours"
          onClick={() => set([...value, nextWindow(value)])}
        >
          {t('catalogue.holiday.addHours')}
        </Button>
      </Space>
    </NoFormStyle>
  )
}
