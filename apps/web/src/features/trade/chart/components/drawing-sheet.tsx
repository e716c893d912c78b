import { Button, List, Popup } from 'antd-mobile'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../../../../common/market/format.ts'
import type { Drawing, DrawingKind } from '../lib/drawings.ts'

interface Props {
  open: boolean
  /** The chart's box: in full screen only it is shown, so the sheet opens inside it. */
  container: RefObject<HTMLElement | null>
  drawings: readonly Drawing[]
  precision: number
  onDraw(kind: DrawingKind): void
  onDelete(id: string): void
  onClose(): void
}

/** The trader's lines on this instrument: draw a horizontal or a trend line, or delete one. */
export function DrawingSheet({ open, container, drawings, precision, onDraw, onDelete, onClose }: Props) {
  const { t } = useTranslation()
  const price = (value: number) => formatPrice(value, precision)
  const name = (drawing: Drawing) =>
    drawing.kind === 'horizontal'
      ? t('chart.horizontalLine', { price: price(drawing.price) })
      : t('chart.trendLine', { from: price(drawing.from.price), to: price(drawing.to.price) })
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      getContainer={() => container.current ?? document.body}
      bodyClassName="chart-sheet chart-lines-sheet"
      aria-label={t('chart.lines')}
    >
      <div className="chart-draw-actions">
        <Button size="small" data-testid="chart-draw-horizontal" onClick={() => onDraw('horizontal')}>
          {t('chart.addHorizontal')}
        </Button>
        <Button size="small" data-testid="chart-draw-trend" onClick={() => onDraw('trend')}>
          {t('chart.addTrend')}
        </Button>
      </div>
      <List header={t('chart.lines')} data-testid="chart-drawings">
        {drawings.length === 0 && <List.Item>{t('chart.noLines')}</List.Item>}
        {drawings.map((drawing) => (
          <List.Item
            key={drawing.id}
            data-testid="chart-drawing"
            data-kind={drawing.kind}
            extra={
              <Button
                size="mini"
                fill="none"
                color="danger"
                data-testid="chart-drawing-delete"
                onClick={() => onDelete(drawing.id)}
              >
                {t('chart.deleteLine')}
              </Button>
            }
          >
            <bdi className="num">{name(drawing)}</bdi>
          </List.Item>
        ))}
      </List>
    </Popup>
  )
}
