import { Alert, Col, Form, Input, Radio, Row, Select } from 'antd'
import { SWAP_RATE_MAX, instrumentUpdateRequest, type AdminInstrument } from '@tp/contracts'
import { rolloverPlacement } from '@tp/engine/rules'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { schemaRule } from '../lib/rules.ts'
import { NO_TRIPLE_DAY, minuteOfTime, sessionWindows, type SessionRow } from '../lib/instrument-form.ts'
import { useEditedZone } from './time-zone-field.tsx'

const check = (field: string, message: string, convert?: (value: unknown) => unknown) =>
  schemaRule(instrumentUpdateRequest, field, message, convert)

/**
 * Overnight financing: the rates of a buy and a sell, their unit, the triple-swap day and the
 * rollover time, both read in the instrument's zone.
 */
export function SwapFields({ instrument }: { instrument: AdminInstrument }) {
  const { t, language } = useI18n()
  const { zone, place, offset } = useEditedZone()
  const mode = Form.useWatch('swap_mode') as 1 | 2 | undefined
  const rolloverTime = Form.useWatch('rollover_time') as string | undefined
  const sessions = Form.useWatch('sessions') as SessionRow[] | undefined
  // The engine's own rule: the days this minute falls in a break or after the close (decision 022).
  const minute = rolloverTime === undefined ? undefined : minuteOfTime(rolloverTime)
  const windows = sessions && sessionWindows(sessions)
  const outside = minute === undefined || !windows ? [] : rolloverPlacement(windows, minute).outsideHours
  const unit = t(mode === 2 ? 'catalogue.unit.percentPerYear' : 'catalogue.unit.pointsPerLot')
  const point = (10 ** -instrument.precision).toFixed(instrument.precision)
  const rate = (name: 'swap_long' | 'swap_short') => (
    <Col span={8}>
      <Form.Item
        name={name}
        label={t(`catalogue.field.${name}`)}
        rules={[
          { required: true, whitespace: true, message: t('catalogue.required') },
          check(name, t('catalogue.bad.swapRate', { max: SWAP_RATE_MAX })),
        ]}
      >
        <Input suffix={unit} inputMode="decimal" data-testid={`instrument-${name}`} />
      </Form.Item>
    </Col>
  )
  const days = ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => ({
    value: day,
    label: t(`catalogue.day.${day}`),
  }))
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item
          name="swap_mode"
          label={t('catalogue.field.swapMode')}
          extra={
            mode === 2
              ? t('catalogue.hint.swapPercent')
              : t('catalogue.hint.swapPoints', { point, currency: instrument.quote_currency })
          }
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('catalogue.swap.points') },
              { value: 2, label: t('catalogue.swap.percent') },
            ]}
            data-testid="instrument-swap-mode"
          />
        </Form.Item>
      </Col>
      {rate('swap_long')}
      {rate('swap_short')}
      <Col span={8}>
        <Form.Item
          name="swap_triple_day"
          label={t('catalogue.field.tripleDay')}
          extra={t('catalogue.hint.tripleDay', { zone })}
        >
          <Select
            options={[{ value: NO_TRIPLE_DAY, label: t('catalogue.swap.noTripleDay') }, ...days]}
            data-testid="instrument-triple-day"
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="rollover_time"
          label={t('catalogue.field.rollover')}
          extra={
            <>
              {t('catalogue.hint.rollover', { zone, offset })}
              {outside.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  data-testid="instrument-rollover-outside"
                  message={t('catalogue.hint.rolloverOutside', {
                    days: new Intl.ListFormat(language === 'hk' ? 'zh-HK' : 'en', {
                      type: 'conjunction',
                    }).format(outside.map((day) => t(`catalogue.day.${day}` as 'catalogue.day.0'))),
                  })}
                />
              )}
            </>
          }
          rules={[
            { required: true, message: t('catalogue.required') },
            check('rollover_minute', t('catalogue.bad.rollover'), (v) => minuteOfTime(String(v)) ?? -1),
          ]}
        >
          <Input placeholder="17:00" suffix={place} data-testid="instrument-rollover" />
        </Form.Item>
      </Col>
    </Row>
  )
}
