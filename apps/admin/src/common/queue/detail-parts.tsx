import type { ReactNode } from 'react'
import { Descriptions, Image, Space, Typography } from 'antd'
import { useT } from '../i18n/i18n.tsx'
import { formatMoney } from '../lib/format.ts'

export interface DetailRow {
  label: string
  value: ReactNode
  /** Spans the whole width (addresses, remarks). */
  wide?: boolean
}

/** The drawer's facts, as label and value pairs; empty values are left out. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  const items = rows
    .filter((row) => row.value !== '' && row.value !== null && row.value !== undefined)
    .map((row, index) => ({ key: index, label: row.label, children: row.value, span: row.wide ? 2 : 1 }))
  return <Descriptions bordered size="small" column={2} items={items} style={{ marginBottom: 16 }} />
}

/** Images large enough to read; a click zooms them (antd's preview with rotate and zoom). */
export function DetailImages({ images }: { images: { src: string; caption: string }[] }) {
  const t = useT()
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t('queue.zoomHint')}
      </Typography.Text>
      <Image.PreviewGroup>
        <Space size="large" wrap align="start">
          {images.map((image) => (
            <figure key={image.caption} style={{ margin: 0 }}>
              <Image
                src={image.src}
                alt={image.caption}
                width={images.length > 1 ? 330 : 680}
                style={{
                  maxHeight: images.length > 1 ? 240 : 480,
                  objectFit: 'contain',
                  background: '#fafafa',
                }}
                data-testid="detail-image"
              />
              <figcaption style={{ marginTop: 4, color: 'rgba(0,0,0,0.65)' }}>{image.caption}</figcaption>
            </figure>
          ))}
        </Space>
      </Image.PreviewGroup>
    </div>
  )
}

/** Money in USD with two decimals, right-aligned digits. */
export function Usd({ value }: { value: string | number }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(value)} USD</span>
  )
}
