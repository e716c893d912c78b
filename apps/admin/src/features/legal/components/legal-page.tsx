import { lazy, Suspense, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Table, Tag, Typography, type ButtonProps } from 'antd'
import {
  CONSENT_GATED_KINDS,
  LEGAL_KINDS,
  type LegalKind,
  type StaffLegalDocument,
} from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { legalApi, legalKeys } from '../api/legal-api.ts'
import type { LegalEditing } from './legal-editor-drawer.tsx'
import { AppropriatenessSection } from './appropriateness-section.tsx'

const LegalEditorDrawer = lazy(() => import('./legal-editor-drawer.tsx'))

/**
 * The legal documents (issue 26, decision 045): every version of each kind, which one is current,
 * who accepted it; a new version is written as a draft and published once, after a confirmation
 * that says whether clients must accept it again. Admins only.
 */
export function LegalPage() {
  const t = useT()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<LegalEditing | undefined>()
  const documents = useQuery({
    queryKey: legalKeys.documents,
    queryFn: ({ signal }) => legalApi.documents(signal),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: legalKeys.documents })
  const list = documents.data ?? []
  const kindName = (kind: LegalKind) => t(`legal.kind.${kind}` as MessageKey)
  const current = (kind: LegalKind) => list.find((d) => d.kind === kind && d.published_at !== null)

  const publish = (document: StaffLegalDocument) =>
    modal.confirm({
      title: t('legal.publishTitle', { version: document.version, kind: kindName(document.kind) }),
      content: CONSENT_GATED_KINDS.includes(document.kind)
        ? t('legal.publishGated')
        : t('legal.publishPlain'),
      okText: t('legal.publish'),
      okButtonProps: { 'data-testid': 'legal-publish-confirm' } as ButtonProps,
      onOk: async () => {
        await legalApi.publish(document.id)
        void message.success(t('legal.published'))
        await refresh()
      },
    })

  const rows = LEGAL_KINDS.flatMap((kind) => list.filter((d) => d.kind === kind))
  return (
    <div data-testid="legal-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('legal.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('legal.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        {LEGAL_KINDS.map((kind) => (
          <Button
            key={kind}
            data-testid={`legal-new-${kind}`}
            disabled={list.some((d) => d.kind === kind && d.published_at === null)}
            onClick={() => setEditing({ kind, from: current(kind)?.texts })}
          >
            {t('legal.newVersion')}: {kindName(kind)}
          </Button>
        ))}
      </Space>
      <Table<StaffLegalDocument>
        rowKey="id"
        loading={documents.isPending}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('legal.kind'), key: 'kind', render: (_, d) => kindName(d.kind) },
          { title: t('legal.version'), dataIndex: 'version' },
          {
            title: t('legal.status'),
            key: 'status',
            render: (_, d) =>
              d.published_at === null ? (
                <Tag color="gold">{t('legal.draft')}</Tag>
              ) : current(d.kind)?.id === d.id ? (
                <Tag color="green">{t('legal.current', { date: d.published_at })}</Tag>
              ) : (
                <Tag>{t('legal.old', { date: d.published_at })}</Tag>
              ),
          },
          {
            title: t('legal.languages'),
            key: 'languages',
            render: (_, d) => Object.keys(d.texts).map((code) => <Tag key={code}>{code}</Tag>),
          },
          { title: t('legal.accepted'), dataIndex: 'accepted' },
          {
            title: t('legal.actions'),
            key: 'actions',
            render: (_, d) =>
              d.published_at === null ? (
                <Space>
                  <Button size="small" onClick={() => setEditing({ kind: d.kind, document: d })}>
                    {t('legal.editDraft')}
                  </Button>
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`legal-publish-${d.id}`}
                    onClick={() => publish(d)}
                  >
                    {t('legal.publish')}
                  </Button>
                </Space>
              ) : (
                <Button size="small" onClick={() => setEditing({ kind: d.kind, document: d })}>
                  {t('legal.view')}
                </Button>
              ),
          },
        ]}
      />
      <AppropriatenessSection />
      {editing && (
        <Suspense fallback={null}>
          <LegalEditorDrawer
            editing={editing}
            onClose={() => setEditing(undefined)}
            onSaved={() => {
              setEditing(undefined)
              void refresh()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
