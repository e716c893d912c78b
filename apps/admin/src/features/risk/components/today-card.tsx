import { Card, Col, Row, Statistic, Tooltip } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { formatMoney } from '../../../common/lib/format.ts'
import type { InstrumentExposure, TodayFigures } from '../api/risk-api.ts'
import { houseColour } from './signed-money.tsx'

interface Figure {
  key: string
  label: MessageKey
  hint: MessageKey
  value: string | number
  house: -1 | 0 | 1
}

/** Today's money (real accounts, UTC day) and the house's open risk now, coloured for the house. */
export function TodayCard({
  today,
  exposure,
  demo,
}: {
  today: TodayFigures
  exposure: InstrumentExposure[]
  /** Whether the exposure counts demo accounts too (the day's money never does). */
  demo: boolean
}) {
  const t = useT()
  const open = -exposure.reduce((sum, row) => sum + row.client_profit, 0)
  const figures: Figure[] = [
    {
      key: 'deposits',
      label: 'risk.today.deposits',
      hint: 'risk.today.depositsHint',
      value: today.deposits,
      house: 0,
    },
    {
      key: 'withdrawals',
      label: 'risk.today.withdrawals',
      hint: 'risk.today.withdrawalsHint',
      value: today.withdrawals,
      house: 0,
    },
    { key: 'fees', label: 'risk.today.fees', hint: 'risk.today.feesHint', value: today.fees, house: 1 },
    {
      key: 'write_offs',
      label: 'risk.today.writeOffs',
      hint: 'risk.today.writeOffsHint',
      value: today.write_offs,
      house: -1,
    },
    {
      key: 'client_profit',
      label: 'risk.today.clientProfit',
      hint: 'risk.today.clientProfitHint',
      value: today.client_profit,
      house: -1,
    },
    {
      key: 'swaps',
      label: 'risk.today.swaps',
      hint: 'risk.today.swapsHint',
      value: today.swaps,
      house: -1,
    },
    {
      key: 'adjustments',
      label: 'risk.today.adjustments',
      hint: 'risk.today.adjustmentsHint',
      value: today.adjustments,
      house: 0,
    },
    {
      key: 'house_result',
      label: 'risk.today.houseResult',
      hint: 'risk.today.houseResultHint',
      value: today.house_result,
      house: 1,
    },
    {
      key: 'open',
      label: demo ? 'risk.today.openResultDemo' : 'risk.today.openResult',
      hint: 'risk.today.openResultHint',
      value: open,
      house: 1,
    },
  ]
  return (
    <Card size="small" title={t('risk.today.title')} data-testid="risk-today" style={{ height: '100%' }}>
      <Row gutter={[16, 8]}>
        {figures.map((figure) => (
          <Col key={figure.key} span={6}>
            <Tooltip title={t(figure.hint)}>
              <Statistic
                data-testid={`risk-today-${figure.key}`}
                title={t(figure.label)}
                value={formatMoney(figure.value)}
                styles={{
                  content: {
                    fontSize: 18,
                    color: houseColour(figure.value, figure.house),
                    whiteSpace: 'nowrap',
                  },
                }}
              />
            </Tooltip>
          </Col>
        ))}
      </Row>
    </Card>
  )
}
