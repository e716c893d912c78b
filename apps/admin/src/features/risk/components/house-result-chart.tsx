import { useEffect, useRef } from 'react'
import { Card } from 'antd'
import { ColorType, createChart, HistogramSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import type { DailyResult } from '../api/risk-api.ts'
import { HOUSE_GAIN, HOUSE_LOSS } from '../../../common/lib/house-colours.ts'

/** The house's trading result per UTC day (lightweight-charts histogram): green a gain, red a loss. */
export function HouseResultChart({ daily }: { daily: DailyResult[] }) {
  const { t, language } = useI18n()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<IChartApi | null>(null)
  const series = useRef<ISeriesApi<'Histogram'> | null>(null)

  useEffect(() => {
    if (!box.current) return
    const created = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#475569', fontSize: 11 },
      grid: { vertLines: { visible: false }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
    })
    series.current = created.addSeries(HistogramSeries, {
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      priceLineVisible: false,
    })
    chart.current = created
    return () => {
      created.remove()
      chart.current = null
      series.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.applyOptions({ localization: { locale: language === 'hk' ? 'zh-HK' : 'en-US' } })
  }, [language])

  useEffect(() => {
    series.current?.setData(
      daily.map((day) => {
        const value = Number(day.house_result)
        return { time: day.date, value, color: value < 0 ? HOUSE_LOSS : HOUSE_GAIN }
      }),
    )
    chart.current?.timeScale().fitContent()
  }, [daily])

  return (
    <Card size="small" title={t('risk.chart.title')} extra={t('risk.chart.hint')} style={{ height: '100%' }}>
      <div ref={box} style={{ height: 170 }} data-testid="risk-chart" data-bars={daily.length} />
    </Card>
  )
}
