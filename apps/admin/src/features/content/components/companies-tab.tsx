import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Avatar, Button, Space, Table, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { Company } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { contentApi, contentKeys } from '../api/content-api.ts'
import { isWebAddress } from '../lib/web-values.ts'
import { CompanyDrawer } from './company-drawer.tsx'

/** The partner companies the app lists (docs/product.md "Records"): add, edit, delete behind a confirmation. */
export function CompaniesTab() {
  const t = useT()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<Company | 'new' | null>(null)
  const list = useQuery({
    queryKey: contentKeys.companies,
    queryFn: ({ signal }) => contentApi.companies(signal),
  })
  const reload = () => queryClient.invalidateQueries({ queryKey: contentKeys.companies })

  const confirmDelete = (company: Company) =>
    modal.confirm({
      title: t('content.company.deleteTitle'),
      content: company.name,
      okText: t('content.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await contentApi.deleteCompany(company.id)
          message.success(t('content.company.deleted'))
        } catch (error) {
          message.error((error as Error).message)
        }
        await reload()
      },
    })

  const link = (url: string) =>
    url && isWebAddress(url) ? (
      <Typography.Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        ellipsis
        style={{ maxWidth: 220 }}
      >
        {url}
      </Typography.Link>
    ) : (
      url
    )
  const columns: ColumnsType<Company> = [
    {
      title: t('content.company.name'),
      key: 'name',
      render: (_, c) => (
        <Space>
          <Avatar
            shape="square"
            src={c.logo && isWebAddress(c.logo) ? c.logo : undefined}
            icon={<ShopOutlined />}
          />
          <Typography.Text strong>{c.name}</Typography.Text>
        </Space>
      ),
    },
    { title: t('content.company.subject'), dataIndex: 'subject' },
    { title: t('content.company.url'), dataIndex: 'url', render: link },
    {
      title: t('content.company.email'),
      dataIndex: 'email',
      render: (email: string) => email && <Typography.Link href={`mailto:${email}`}>{email}</Typography.Link>,
    },
    { title: t('content.company.location'), dataIndex: 'location' },
    { title: t('content.company.registeredAddress'), dataIndex: 'registered_address', ellipsis: true },
    {
      key: 'actions',
      width: 100,
      render: (_, company) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('content.edit')}
            data-testid="company-edit"
            onClick={() => setEditing(company)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('content.delete')}
            data-testid="company-delete"
            onClick={() => confirmDelete(company)}
          />
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="companies-tab">
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="company-new"
          onClick={() => setEditing('new')}
        >
          {t('content.company.new')}
        </Button>
      </Space>
      {list.error && (
        <Alert type="error" showIcon message={list.error.message} style={{ marginBottom: 12 }} />
      )}
      <Table<Company>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        onRow={(company) => ({ onDoubleClick: () => setEditing(company), 'data-testid': 'company-row' })}
        locale={{ emptyText: t('common.empty') }}
        pagination={{
          pageSize: 20,
          hideOnSinglePage: true,
          showTotal: (total) => t('common.total', { total }),
        }}
      />
      <CompanyDrawer
        company={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null)
          await reload()
        }}
      />
    </div>
  )
}
