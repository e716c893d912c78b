import { Typography } from 'antd'
import { formatMoney } from '../../../common/lib/format.ts'

import { HOUSE_GAIN, HOUSE_LOSS } from '../../../common/lib/house-colours.ts'

/**
 * A USD amount coloured by what it means for the house: `house` 1 when a positive amount is the
 * house's gain (fees, the house's result), -1 when it is the house's loss (clients' profit,
 * write-offs), 0 for money that only moves (deposits, withdrawals).
 */
export function houseColour(value: number | string, house: -1 | 0 | 1): string | undefined {
  const signed = Number(value) * house
  if (!house || !Number.isFinite(signed) || signed === 0) return undefined
  return signed > 0 ? HOUSE_GAIN : HOUSE_LOSS
}

export function SignedMoney({ value, house }: { value: number | string; house: -1 | 0 | 1 }) {
  return (
    <Typography.Text style={{ color: houseColour(value, house), fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(value)}
    </Typography.Text>
  )
}
