import { Col, Form, Input, InputNumber, Row } from 'antd'
import type { Rule } from 'antd/es/form'
import { PROTECTION_POINTS_MAX, instrumentUpdateRequest, type AdminInstrument } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { decimalGreater, schemaRule } from '../lib/rules.ts'

const check = (field: string, message: string) => schemaRule(instrumentUpdateRequest, field, message)

/**
 * Price protection (docs/decisions/023-price-protection-and-house-limits.md): the stops level and
 * the freeze level in points, each with the price distance it makes at the instrument's precision.
 */
export function ProtectionFields({ instrument }: { instrument: AdminInstrument }) {
  return (
    <Row gutter={16}>
      <LevelField name="stops_level" label="stopsLevel" instrument={instrument} />
      <LevelField name="freeze_level" label="freezeLevel" instrument={instrument} />
    </Row>
  )
}

function LevelField({
  name,
  label,
  instrument,
}: {
  name: 'stops_level' | 'freeze_level'
  label: 'stopsLevel' | 'freezeLevel'
  instrument: AdminInstrument
}) {
  const t = useT()
  const points = Form.useWatch(name) as number | null | undefined
  return (
    <Col span={12}>
      <Form.Item
        name={name}
        label={t(`catalogue.field.${label}`)}
        extra={t(`catalogue.hint.${label}`, {
          distance: priceDistance(points, instrument.precision),
          currency: instrument.quote_currency,
        })}
        rules={[
          { required: true, message: t('catalogue.required') },
          check(name, t('catalogue.bad.level', { max: PROTECTION_POINTS_MAX })),
        ]}
      >
        <InputNumber
          min={0}
          max={PROTECTION_POINTS_MAX}
          precision={0}
          suffix={t('catalogue.unit.points')}
          style={{ width: '100%' }}
          data-testid={`instrument-${name}`}
        />
      </Form.Item>
    </Col>
  )
}

/** Points as a price distance at `precision` decimals: 120 points at 2 decimals is "1.20". */
function priceDistance(points: number | null | undefined, precision: number): string {
  return ((Number.isInteger(points) ? (points as number) : 0) * 10 ** -precision).toFixed(precision)
}

/**
 * The house's limits in lots, each optional (empty: no limit): real clients' net together, and one
 * account's side. Like the server, a limit below the minimum order is refused: it would stop the
 * instrument trading without saying why.
 */
export function HouseLimitFields() {
  const t = useT()
  const atLeastMin: Rule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      const min = getFieldValue('min_lots') as string | undefined
      if (value?.trim() && min && decimalGreater(min, value) === true)
        throw new Error(t('catalogue.bad.limitBelowMin', { min }))
    },
  })
  const limit = (name: 'max_net_lots' | 'max_account_lots', label: 'maxNetLots' | 'maxAccountLots') => (
    <Col span={12}>
      <Form.Item
        name={name}
        label={t(`catalogue.field.${label}`)}
        extra={t(`catalogue.hint.${label}`)}
        dependencies={['min_lots']}
        rules={[check(name, t('catalogue.bad.lots')), atLeastMin]}
      >
        <Input
          allowClear
          placeholder={t('catalogue.limit.none')}
          suffix={t('catalogue.unit.lots')}
          inputMode="decimal"
          data-testid={`instrument-${name}`}
        />
      </Form.Item>
    </Col>
  )
  return (
    <Row gutter={16}>
      {limit('max_net_lots', 'maxNetLots')}
      {limit('max_account_lots', 'maxAccountLots')}
    </Row>
  )
}
