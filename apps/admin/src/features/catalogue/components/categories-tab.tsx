import { useState } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Alert, Button, Space, Table, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { LANGUAGE_CODES, type AdminCategory } from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { categoryName } from '../lib/category-name.ts'
import { CategoryDrawer } from './category-drawer.tsx'

/** The categories the phone's market list shows as tabs, with their names and order. */
export function CategoriesTab({ list }: { list: UseQueryResult<AdminCategory[], Error> }) {
  const { t, language } = useI18n()
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null)
  return (
    <div data-testid="categories-tab">
      <Space style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="category-new"
          onClick={() => setEditing('new')}
        >
          {t('catalogue.category.new')}
        </Button>
      </Space>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          {
            title: t('catalogue.category.key'),
            dataIndex: 'key',
            render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
          },
          { title: t('catalogue.col.name'), key: 'name', render: (_, c) => categoryName(c, language) },
          {
            title: t('catalogue.category.languages'),
            key: 'languages',
            render: (_, c) =>
              t('catalogue.category.translated', {
                n: Object.keys(c.names).length,
                total: LANGUAGE_CODES.length,
              }),
          },
          { title: t('catalogue.field.sort'), dataIndex: 'sort', align: 'right' },
          { title: t('catalogue.category.instruments'), dataIndex: 'instruments', align: 'right' },
          {
            key: 'edit',
            render: (_, c) => (
              <Button size="small" data-testid={`category-edit-${c.key}`} onClick={() => setEditing(c)}>
                {t('catalogue.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <CategoryDrawer category={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
