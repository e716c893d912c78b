import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { AdminDepositBankAccount, AdminDepositChannel, AdminWithdrawCurrency } from '@tp/contracts/light'
import { useT, type Translate } from '../../../common/i18n/i18n.tsx'
import { catalogueApi, catalogueKeys } from '../api/catalogue-api.ts'
import { percentText } from '../lib/rules.ts'
import { BankDrawer } from './bank-drawer.tsx'
import { ChannelModal } from './channel-modal.tsx'
import { CurrencyModal, currencyLabel } from './currency-modal.tsx'

const enabledTag = (t: Translate, enabled: boolean) =>
  enabled ? (
    <Tag color="blue">{t('catalogue.enabled')}</Tag>
  ) : (
    <Tag color="red">{t('catalogue.disabled')}</Tag>
  )

const editColumn = <T extends { id: number }>(
  t: Translate,
  testId: string,
  edit: (row: T) => void,
): ColumnsType<T>[number] => ({
  key: 'edit',
  width: 90,
  render: (_, row) => (
    <Button size="small" data-testid={`${testId}-${row.id}`} onClick={() => edit(row)}>
      {t('catalogue.edit')}
    </Button>
  ),
})

/** The coin addresses users deposit to. */
export function ChannelsTab() {
  const t = useT()
  const [editing, setEditing] = useState<AdminDepositChannel | null>(null)
  const list = useQuery({
    queryKey: catalogueKeys.channels,
    queryFn: ({ signal }) => catalogueApi.channels(signal),
  })
  return (
    <div data-testid="channels-tab">
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table<AdminDepositChannel>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('catalogue.col.currency'), dataIndex: 'currency_code' },
          { title: t('catalogue.col.network'), dataIndex: 'protocol_code' },
          {
            title: t('catalogue.col.address'),
            dataIndex: 'address',
            render: (a: string) => (
              <Typography.Text copyable code>
                {a}
              </Typography.Text>
            ),
          },
          {
            title: t('catalogue.col.enabled'),
            dataIndex: 'enabled',
            render: (e: boolean) => enabledTag(t, e),
          },
          { title: t('catalogue.field.sort'), dataIndex: 'sort', align: 'right' },
          editColumn<AdminDepositChannel>(t, 'channel-edit', setEditing),
        ]}
      />
      {editing && <ChannelModal channel={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}

/** The broker's bank accounts for deposits by wire. */
export function BanksTab() {
  const t = useT()
  const [editing, setEditing] = useState<AdminDepositBankAccount | null>(null)
  const list = useQuery({
    queryKey: catalogueKeys.banks,
    queryFn: ({ signal }) => catalogueApi.banks(signal),
  })
  return (
    <div data-testid="banks-tab">
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table<AdminDepositBankAccount>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('catalogue.col.currency'), dataIndex: 'currency' },
          { title: t('catalogue.bank.bank_name'), dataIndex: 'bank_name' },
          { title: t('catalogue.bank.bank_swift'), dataIndex: 'bank_swift', render: (s: string) => s || '—' },
          { title: t('catalogue.bank.payee_name'), dataIndex: 'payee_name' },
          {
            title: t('catalogue.bank.payee_account'),
            dataIndex: 'payee_account',
            render: (a: string) => <Typography.Text code>{a}</Typography.Text>,
          },
          {
            title: t('catalogue.col.enabled'),
            dataIndex: 'enabled',
            render: (e: boolean) => enabledTag(t, e),
          },
          { title: t('catalogue.field.sort'), dataIndex: 'sort', align: 'right' },
          editColumn<AdminDepositBankAccount>(t, 'bank-edit', setEditing),
        ]}
      />
      {editing && <BankDrawer account={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}

/** The currencies payouts are made in: fee, USD price, state. */
export function CurrenciesTab() {
  const t = useT()
  const [editing, setEditing] = useState<AdminWithdrawCurrency | null>(null)
  const list = useQuery({
    queryKey: catalogueKeys.currencies,
    queryFn: ({ signal }) => catalogueApi.currencies(signal),
  })
  return (
    <div data-testid="currencies-tab">
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table<AdminWithdrawCurrency>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          {
            title: t('catalogue.col.currency'),
            key: 'code',
            render: (_, c) => <Typography.Text strong>{currencyLabel(c)}</Typography.Text>,
          },
          {
            title: t('catalogue.col.payoutType'),
            dataIndex: 'type',
            render: (type: number) => t(type === 1 ? 'catalogue.currency.coin' : 'catalogue.currency.bank'),
          },
          {
            title: t('catalogue.field.drawRate'),
            key: 'fee',
            align: 'right',
            render: (_, c) =>
              c.fee_type === 1
                ? `${c.draw_rate} USD`
                : t('catalogue.currency.shareOf', { rate: percentText(c.draw_rate) }),
          },
          {
            title: t('catalogue.field.usdPrice'),
            key: 'price',
            align: 'right',
            render: (_, c) => `${c.usd_price} USD`,
          },
          {
            title: t('catalogue.col.enabled'),
            dataIndex: 'enabled',
            render: (e: boolean) => enabledTag(t, e),
          },
          { title: t('catalogue.field.sort'), dataIndex: 'sort', align: 'right' },
          editColumn<AdminWithdrawCurrency>(t, 'currency-edit', setEditing),
        ]}
      />
      {editing && <CurrencyModal currency={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
