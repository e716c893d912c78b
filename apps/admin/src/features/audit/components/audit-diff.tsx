import { Collapse, Table, Tag, Typography } from 'antd'
import type { AuditItem } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { jsonDiff, type DiffLine } from '../lib/json-diff.ts'

const STATE_COLOURS = { added: 'green', removed: 'red', changed: 'orange', unchanged: 'default' } as const
const BACKGROUNDS = {
  added: '#f6ffed',
  removed: '#fff1f0',
  changed: '#fffbe6',
  unchanged: undefined,
} as const

const cell = (text: string | undefined, strike = false) =>
  text === undefined ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Text code delete={strike} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
      {text}
    </Typography.Text>
  )

/** An audit row's before and after, field by field, with the recorded JSON underneath. */
export function AuditDiff({ item }: { item: AuditItem }) {
  const t = useT()
  const lines = jsonDiff(item.before, item.after)
  if (lines.length === 0) return <Typography.Text type="secondary">{t('audit.noDetails')}</Typography.Text>
  return (
    <div data-testid="audit-diff" style={{ maxWidth: 960 }}>
      <Table<DiffLine>
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={lines}
        onRow={(line) => ({ style: { background: BACKGROUNDS[line.state] } })}
        columns={[
          {
            title: t('audit.field'),
            dataIndex: 'path',
            width: 220,
            render: (path: string) => <Typography.Text strong>{path}</Typography.Text>,
          },
          {
            title: t('audit.before'),
            dataIndex: 'before',
            render: (value: string | undefined, line) =>
              cell(value, line.state === 'changed' || line.state === 'removed'),
          },
          { title: t('audit.after'), dataIndex: 'after', render: (value: string | undefined) => cell(value) },
          {
            title: '',
            dataIndex: 'state',
            width: 110,
            render: (state: DiffLine['state']) => (
              <Tag color={STATE_COLOURS[state]}>{t(`audit.${state}`)}</Tag>
            ),
          },
        ]}
      />
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'raw',
            label: t('audit.raw'),
            children: (
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
                {(['before', 'after'] as const).map((side) => (
                  <div key={side}>
                    <Typography.Text type="secondary">{t(`audit.${side}`)}</Typography.Text>
                    <pre
                      style={{
                        margin: '4px 0 0',
                        padding: 8,
                        background: '#fafafa',
                        fontSize: 12,
                        overflow: 'auto',
                      }}
                    >
                      {JSON.stringify(item[side], null, 2)}
                    </pre>
                  </div>
                ))}
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}

/** The first changes of a row in one line, for the table: `value: "10000" → "25000"`. */
export function ChangeSummary({ item }: { item: AuditItem }) {
  const t = useT()
  const changes = jsonDiff(item.before, item.after).filter((line) => line.state !== 'unchanged')
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>
  const shown = changes.slice(0, 2)
  return (
    <Typography.Text style={{ fontSize: 13 }} data-testid="audit-change">
      {shown.map((line, index) => (
        <span key={line.path} style={{ display: 'block', wordBreak: 'break-all' }}>
          {line.path}: {line.before === undefined ? line.after : `${line.before} → ${line.after ?? '∅'}`}
          {index === shown.length - 1 && changes.length > shown.length && (
            <Typography.Text type="secondary">
              {' '}
              {t('audit.moreChanges', { count: changes.length - shown.length })}
            </Typography.Text>
          )}
        </span>
      ))}
    </Typography.Text>
  )
}
