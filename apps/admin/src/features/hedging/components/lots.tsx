import { Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'

/** Signed lots as long or short (a net of 0 is flat), in tabular figures. */
export function Lots({ value, strong }: { value: string; strong?: boolean }) {
  const t = useT()
  const n = Number(value)
  const text =
    n === 0
      ? t('hedging.flat')
      : t(n > 0 ? 'hedging.long' : 'hedging.short', { lots: value.replace(/^-/, '') })
  return (
    <Typography.Text strong={strong} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography.Text>
  )
}
