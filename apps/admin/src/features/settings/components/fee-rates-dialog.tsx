import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Input, Modal, Table, Typography, type ButtonProps } from 'antd'
import type { AdminInstrument } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'
import { useT } from '../../../common/i18n/i18n.tsx'

/** The engine's largest fee rate of each unit (MAX_FEE_RATE): 1,000 USD a lot, or 5 % of margin. */
const MAX_RATE = { '1': 1000, '2': 0.05 } as const
const RATE = /^\d{1,6}(\.\d{1,6})?$/

interface Props {
  open: boolean
  /** The new fee type: '1' per lot, '2' a share of margin. */
  next: '1' | '2'
  saving: boolean
  refusal?: string | undefined
  onCancel: () => void
  onSave: (rates: Record<string, string>) => void
}

/**
 * Switching the fee type changes what every instrument's fee rate means, so each non-zero rate is
 * restated in the new unit here and sent with the switch, in one change (the server refuses the
 * switch alone). Instruments without a fee stay at 0.
 */
export function FeeRatesDialog({ open, next, saving, refusal, onCancel, onSave }: Props) {
  const t = useT()
  const instruments = useQuery({
    queryKey: ['settings', 'fee-rates'],
    queryFn: ({ signal }) => api.get<AdminInstrument[]>('/instruments', undefined, signal),
    enabled: open,
  })
  const charged = useMemo(
    () => (instruments.data ?? []).filter((i) => Number(i.fee_rate) !== 0),
    [instruments.data],
  )
  const [rates, setRates] = useState<Record<string, string>>({})
  useEffect(() => {
    if (open) setRates({})
  }, [open])

  const problemOf = (text: string | undefined) => {
    if (text === undefined || text.trim() === '') return t('settings.fee.required')
    if (!RATE.test(text.trim())) return t('settings.fee.format')
    if (Number(text) > MAX_RATE[next])
      return t(next === '1' ? 'settings.fee.maxPerLot' : 'settings.fee.maxShare')
    return undefined
  }
  const complete = charged.every((i) => problemOf(rates[i.id]) === undefined)
  const oldUnit = t(next === '1' ? 'settings.fee.unitShare' : 'settings.fee.unitPerLot')
  const newUnit = t(next === '1' ? 'settings.fee.unitPerLot' : 'settings.fee.unitShare')

  return (
    <Modal
      open={open}
      title={t('settings.fee.title')}
      width={640}
      okText={t('settings.confirm.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={
        {
          danger: true,
          disabled: !complete || instruments.isLoading,
          'data-testid': 'fee-rates-ok',
        } as ButtonProps
      }
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => onSave(Object.fromEntries(charged.map((i) => [String(i.id), rates[i.id]!.trim()])))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('settings.fee.hint', { unit: newUnit })}
      </Typography.Paragraph>
      {instruments.error && <Alert type="error" showIcon title={instruments.error.message} />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 12 }}
          data-testid="fee-rates-refusal"
        />
      )}
      <Table
        size="small"
        rowKey="id"
        loading={instruments.isLoading}
        dataSource={charged}
        pagination={false}
        scroll={{ y: 360 }}
        data-testid="fee-rates-table"
        columns={[
          { title: t('settings.fee.instrument'), dataIndex: 'code', width: 120 },
          {
            title: t('settings.fee.current', { unit: oldUnit }),
            dataIndex: 'fee_rate',
            width: 170,
          },
          {
            title: t('settings.fee.new', { unit: newUnit }),
            render: (_: unknown, instrument: AdminInstrument) => {
              const text = rates[instrument.id]
              const problem = text === undefined ? undefined : problemOf(text)
              return (
                <>
                  <Input
                    value={text ?? ''}
                    inputMode="decimal"
                    status={problem ? 'error' : undefined}
                    aria-label={`${instrument.code} ${newUnit}`}
                    data-testid={`fee-rate-${instrument.code}`}
                    onChange={(event) => setRates((old) => ({ ...old, [instrument.id]: event.target.value }))}
                  />
                  {problem && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {problem}
                    </Typography.Text>
                  )}
                </>
              )
            },
          },
        ]}
      />
    </Modal>
  )
}
