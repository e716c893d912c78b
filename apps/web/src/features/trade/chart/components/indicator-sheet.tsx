import { List, Popup, Switch } from 'antd-mobile'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { INDICATORS, type IndicatorId } from '../lib/chart-prefs.ts'

interface Props {
  open: boolean
  /** The chart's box: in full screen only it is shown, so the sheet opens inside it. */
  container: RefObject<HTMLElement | null>
  selected: readonly IndicatorId[]
  onChange(selected: IndicatorId[]): void
  onClose(): void
}

/** Switches for volume, moving averages, Bollinger bands, RSI, MACD and Stochastic. */
export function IndicatorSheet({ open, container, selected, onChange, onClose }: Props) {
  const { t } = useTranslation()
  const toggle = (id: IndicatorId, on: boolean) =>
    onChange(INDICATORS.filter((known) => (known === id ? on : selected.includes(known))))
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      getContainer={() => container.current ?? document.body}
      bodyClassName="chart-sheet"
      aria-label={t('chart.indicators')}
    >
      <List header={t('chart.indicators')}>
        {INDICATORS.map((id) => (
          <List.Item
            key={id}
            extra={
              <Switch
                checked={selected.includes(id)}
                onChange={(on) => toggle(id, on)}
                aria-label={t(`chart.indicatorNames.${id}`)}
                data-testid={`chart-indicator-${id}`}
              />
            }
          >
            {t(`chart.indicatorNames.${id}`)}
          </List.Item>
        ))}
      </List>
    </Popup>
  )
}
