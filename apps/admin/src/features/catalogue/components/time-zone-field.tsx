import { Form, Select } from 'antd'
import { instrumentUpdateRequest } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { schemaRule } from '../lib/rules.ts'
import { TIME_ZONES, utcOffsetText, zonePlace } from '../lib/time-zones.ts'

const OPTIONS = TIME_ZONES.map((zone) => ({ value: zone, label: zone }))

/** The zone the instrument's sessions, rollover and triple-swap day are read in, with its offset now. */
export function TimeZoneField() {
  const t = useT()
  const { offset } = useEditedZone()
  return (
    <Form.Item
      name="time_zone"
      label={t('catalogue.field.timeZone')}
      extra={t('catalogue.hint.timeZone', { offset })}
      rules={[
        { required: true, message: t('catalogue.required') },
        schemaRule(instrumentUpdateRequest, 'time_zone', t('catalogue.bad.timeZone')),
      ]}
    >
      <Select showSearch options={OPTIONS} style={{ maxWidth: 360 }} data-testid="instrument-time-zone" />
    </Form.Item>
  )
}

/** The zone being edited, its place and its offset now, for the labels of times read in it. */
export function useEditedZone(): { zone: string; place: string; offset: string } {
  const zone = (Form.useWatch('time_zone') as string | undefined) ?? 'UTC'
  return { zone, place: zonePlace(zone), offset: utcOffsetText(zone, Date.now()) }
}
