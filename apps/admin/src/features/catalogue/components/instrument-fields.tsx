import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import {
  INSTRUMENT_NAME_MAX_LENGTH,
  SHOW_CODE_MAX_LENGTH,
  MARKUP_POINTS_MAX,
  SPREAD_POINTS_MAX,
  instrumentUpdateRequest,
  type AdminCategory,
  type AdminInstrument,
} from '@tp/contracts'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { categoryName } from '../lib/category-name.ts'
import { decimalGreater, onStep, percentText, required, schemaRule } from '../lib/rules.ts'

/** The largest fee rate of each unit (the engine's MAX_FEE_RATE): 1,000 USD a lot, or 5 % of margin. */
const FEE_RATE_MAX = { 1: '1000', 2: '0.05' } as const

const check = (field: string, message: string, convert?: (value: unknown) => unknown) =>
  schemaRule(instrumentUpdateRequest, field, message, convert)

/** General: names, category, state and order. */
export function GeneralFields({ categories }: { categories: AdminCategory[] }) {
  const { t, language } = useI18n()
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="name"
          label={t('catalogue.field.name')}
          rules={[required(t), check('name', t('catalogue.tooLong', { max: INSTRUMENT_NAME_MAX_LENGTH }))]}
        >
          <Input maxLength={INSTRUMENT_NAME_MAX_LENGTH} data-testid="instrument-name" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="show_code"
          label={t('catalogue.field.showCode')}
          extra={t('catalogue.hint.showCode')}
          rules={[required(t), check('show_code', t('catalogue.tooLong', { max: SHOW_CODE_MAX_LENGTH }))]}
        >
          <Input maxLength={SHOW_CODE_MAX_LENGTH} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="category_id" label={t('catalogue.field.category')} rules={[{ required: true }]}>
          <Select
            data-testid="instrument-category"
            options={categories.map((c) => ({ value: c.id, label: categoryName(c, language) }))}
          />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name="sort"
          label={t('catalogue.field.sort')}
          rules={[
            { required: true, message: t('catalogue.required') },
            check('sort', t('catalogue.bad.sort')),
          ]}
        >
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="enabled" label={t('catalogue.field.enabled')} valuePropName="checked">
          <Switch data-testid="instrument-enabled" />
        </Form.Item>
      </Col>
    </Row>
  )
}

/** Trading terms: spread, lots, contract size, margin mode and fee, each with its unit. */
export function TradingFields({ instrument }: { instrument: AdminInstrument }) {
  const { t } = useI18n()
  const point = (10 ** -instrument.precision).toFixed(instrument.precision)
  const lotsRule = (field: string) => check(field, t('catalogue.bad.lots'))
  const stepRule =
    (own: 'min_lots' | 'max_lots'): Rule =>
    ({ getFieldValue }) => ({
      validator: async (_, value: string) => {
        const step = getFieldValue('lot_step') as string
        if (value && step && onStep(value, step) === false)
          throw new Error(t('catalogue.bad.offStep', { step }))
        if (own === 'min_lots' && decimalGreater(value ?? '', getFieldValue('max_lots') ?? '') === true)
          throw new Error(t('catalogue.bad.minAboveMax'))
      },
    })
  const feeMax = FEE_RATE_MAX[instrument.fee_type]
  const feeRule: Rule = {
    validator: async (_, value: string) => {
      if (value && decimalGreater(value, feeMax) === true)
        throw new Error(
          t('catalogue.bad.feeMax', {
            max: instrument.fee_type === 1 ? `${feeMax} USD` : percentText(feeMax),
          }),
        )
    },
  }
  const lots = (name: 'min_lots' | 'max_lots' | 'lot_step', extra: Rule[] = [], deps: string[] = []) => (
    <Col span={8}>
      <Form.Item
        name={name}
        label={t(`catalogue.field.${name}`)}
        dependencies={deps}
        rules={[required(t), lotsRule(name), ...extra]}
      >
        <Input suffix={t('catalogue.unit.lots')} inputMode="decimal" data-testid={`instrument-${name}`} />
      </Form.Item>
    </Col>
  )
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item
          name="spread_points"
          label={t('catalogue.field.spread')}
          extra={t('catalogue.hint.point', { point, currency: instrument.quote_currency })}
          rules={[
            { required: true, message: t('catalogue.required') },
            check('spread_points', t('catalogue.bad.spread', { max: SPREAD_POINTS_MAX })),
          ]}
        >
          <InputNumber
            min={0}
            max={SPREAD_POINTS_MAX}
            precision={0}
            suffix={t('catalogue.unit.points')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="markup_points"
          label={t('catalogue.field.markup')}
          extra={
            instrument.source_spread_points === null
              ? t('catalogue.hint.markupNoSource')
              : t('catalogue.hint.markup', {
                  source: instrument.source_spread_points,
                  clients: instrument.source_spread_points + instrument.markup_points,
                })
          }
          rules={[
            { required: true, message: t('catalogue.required') },
            check('markup_points', t('catalogue.bad.markup', { max: MARKUP_POINTS_MAX })),
          ]}
        >
          <InputNumber
            min={0}
            max={MARKUP_POINTS_MAX}
            precision={0}
            suffix={t('catalogue.unit.points')}
            style={{ width: '100%' }}
            data-testid="instrument-markup_points"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="contract_size"
          label={t('catalogue.field.contractSize')}
          extra={t('catalogue.hint.newPositions')}
          rules={[required(t), check('contract_size', t('catalogue.bad.contractSize'))]}
        >
          <Input suffix={t('catalogue.unit.perLot')} inputMode="decimal" />
        </Form.Item>
      </Col>
      {lots('min_lots', [stepRule('min_lots')], ['max_lots', 'lot_step'])}
      {lots('max_lots', [stepRule('max_lots')], ['lot_step'])}
      {lots('lot_step')}
      <Col span={12}>
        <Form.Item
          name="margin_mode"
          label={t('catalogue.field.marginMode')}
          extra={t('catalogue.hint.newPositions')}
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 2, label: t('catalogue.margin.leveraged') },
              { value: 1, label: t('catalogue.margin.fixed') },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="fee_rate"
          label={t('catalogue.field.feeRate')}
          extra={t(instrument.fee_type === 1 ? 'catalogue.hint.feePerLot' : 'catalogue.hint.feeShare')}
          rules={[required(t), check('fee_rate', t('catalogue.bad.decimal', { decimals: 6 })), feeRule]}
        >
          <Input
            suffix={t(
              instrument.fee_type === 1 ? 'catalogue.unit.usdPerLot' : 'catalogue.unit.shareOfMargin',
            )}
            inputMode="decimal"
            data-testid="instrument-fee"
          />
        </Form.Item>
      </Col>
    </Row>
  )
}

/** The simulator's inputs: where its walk is pulled to, how far it moves in a day, how often it quotes. */
export function SimulatorFields({ instrument }: { instrument: AdminInstrument }) {
  const { t } = useI18n()
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item
          name="anchor_price"
          label={t('catalogue.field.anchor')}
          rules={[
            { required: true, message: t('catalogue.required') },
            check('anchor_price', t('catalogue.bad.positive')),
          ]}
        >
          <InputNumber min={0} suffix={instrument.quote_currency} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="volatility_percent"
          label={t('catalogue.field.volatility')}
          rules={[
            { required: true, message: t('catalogue.required') },
            check('daily_volatility', t('catalogue.bad.volatility'), (v) => Number(v) / 100),
          ]}
        >
          <InputNumber
            min={0}
            max={50}
            suffix={t('catalogue.unit.percentPerDay')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="tick_interval_ms"
          label={t('catalogue.field.tickInterval')}
          rules={[
            { required: true, message: t('catalogue.required') },
            check('tick_interval_ms', t('catalogue.bad.tickInterval')),
          ]}
        >
          <InputNumber
            min={50}
            max={600_000}
            precision={0}
            suffix={t('catalogue.unit.ms')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
    </Row>
  )
}
