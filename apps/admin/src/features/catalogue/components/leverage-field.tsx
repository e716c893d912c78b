import { Form, Select, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import { LEVERAGE_MAX, LEVERAGE_OPTIONS_MAX, type AdminInstrument } from '@tp/contracts'
import { useT } from '../../../common/i18n/i18n.tsx'
import { leverageValues } from '../lib/instrument-form.ts'

/** The choices brokers usually offer; those above the class's cap are left out. */
const USUAL = [1, 2, 3, 5, 10, 15, 20, 25, 30, 50, 100, 200, 300, 400, 500, 1000]

/** Tags typed in any order: shown ascending and each once, as the catalogue stores them. */
const tidy = (texts: string[] | undefined) =>
  [...new Set((texts ?? []).map((text) => String(text).trim()).filter(Boolean))].sort(
    (a, b) => (Number(a) || Infinity) - (Number(b) || Infinity),
  )

/**
 * The leverage options of the order form: whole numbers from 1 to the cap of the instrument's
 * leverage class (a setting), 1 to 20 of them. Typed or picked as tags.
 */
export function LeverageField({ instrument }: { instrument: AdminInstrument }) {
  const t = useT()
  const cap = Math.min(instrument.leverage_cap ?? LEVERAGE_MAX, LEVERAGE_MAX)
  const rule: Rule = {
    validator: async (_, texts: string[] | undefined) => {
      const list = texts ?? []
      if (list.length === 0) throw new Error(t('catalogue.leverage.none'))
      if (list.some((text) => !/^\d+$/.test(text) || Number(text) < 1))
        throw new Error(t('catalogue.leverage.whole'))
      const values = leverageValues(list)
      if (values.some((value) => value > cap)) throw new Error(t('catalogue.leverage.aboveCap', { cap }))
      if (values.length > LEVERAGE_OPTIONS_MAX)
        throw new Error(t('catalogue.leverage.tooMany', { max: LEVERAGE_OPTIONS_MAX }))
    },
  }
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="leverage-cap">
        {instrument.leverage_cap === null
          ? t('catalogue.leverage.noCap', { max: LEVERAGE_MAX })
          : t('catalogue.leverage.cap', { cap, group: instrument.leverage_class })}
      </Typography.Paragraph>
      <Form.Item
        name="leverage"
        label={t('catalogue.field.leverage')}
        extra={t('catalogue.leverage.hint', { max: LEVERAGE_OPTIONS_MAX })}
        normalize={tidy}
        rules={[rule]}
      >
        <Select
          mode="tags"
          allowClear
          tokenSeparators={[',', ' ']}
          data-testid="instrument-leverage"
          options={USUAL.filter((value) => value <= cap).map((value) => ({
            value: String(value),
            label: `${value}x`,
          }))}
          labelRender={({ value }) => `${String(value)}x`}
        />
      </Form.Item>
    </>
  )
}
