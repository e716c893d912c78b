import { lazy, Suspense, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Descriptions, Typography } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { appropriatenessApi, appropriatenessKeys } from '../api/legal-api.ts'

const AppropriatenessDrawer = lazy(() => import('./appropriateness-drawer.tsx'))

/** The appropriateness questionnaire (decision 046): its current version, how results went, and editing it. */
export function AppropriatenessSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const current = useQuery({
    queryKey: appropriatenessKeys.current,
    queryFn: ({ signal }) => appropriatenessApi.current(signal),
  })
  const data = current.data ?? null
  return (
    <section style={{ marginTop: 32 }} data-testid="appropriateness-section">
      <Typography.Title level={4}>{t('appropriateness.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('appropriateness.intro')}</Typography.Paragraph>
      {data && (
        <Descriptions
          size="small"
          bordered
          column={3}
          items={[
            { key: 'version', label: t('legal.version'), children: data.version },
            { key: 'questions', label: t('appropriateness.questions'), children: data.questions.length },
            {
              key: 'pass',
              label: t('appropriateness.passScore'),
              children: `${data.pass_score} / ${data.questions.length}`,
            },
            { key: 'taken', label: t('appropriateness.taken'), children: data.taken },
            { key: 'passed', label: t('appropriateness.passedCount'), children: data.passed },
            { key: 'ack', label: t('appropriateness.acknowledgedCount'), children: data.acknowledged },
          ]}
        />
      )}
      <Button style={{ marginTop: 12 }} onClick={() => setEditing(true)} data-testid="appropriateness-edit">
        {t('appropriateness.edit')}
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <AppropriatenessDrawer
            current={data}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false)
              void queryClient.invalidateQueries({ queryKey: appropriatenessKeys.current })
            }}
          />
        </Suspense>
      )}
    </section>
  )
}
