import { useQuery } from '@tanstack/react-query'
import { Alert, AutoComplete, Form, Input, Modal, Typography, type ButtonProps } from 'antd'
import type { AdminUserDetail } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { hedgingApi, hedgingKeys } from '../../../common/api/hedging-api.ts'

const GROUP = /^[a-z0-9_-]{1,32}$/

/** Moves a real client to another client group (the hedging rules' groups, issue 28): a known group or a new name. */
export function GroupModal({
  user,
  onClose,
  onMoved,
}: {
  user: AdminUserDetail
  onClose: () => void
  onMoved: () => void
}) {
  const t = useT()
  const [form] = Form.useForm<{ group: string }>()
  const change = useSaveChange()
  const hedging = useQuery({
    queryKey: hedgingKeys.view,
    queryFn: ({ signal }) => hedgingApi.view(signal),
  })
  const submit = ({ group }: { group: string }) =>
    change.save(
      () => hedgingApi.moveClient(user.id, group.trim()),
      t('users.moveGroupDone', { group: group.trim() }),
      () => {
        onMoved()
        onClose()
      },
    )
  return (
    <Modal
      open
      title={t('users.moveGroupTitle', { uid: user.uid })}
      okText={t('hedging.rules.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'group-save' } as ButtonProps}
    >
      <Typography.Paragraph type="secondary">{t('users.moveGroupHint')}</Typography.Paragraph>
      {change.refusal && (
        <Alert type="error" showIcon message={change.refusal} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ group: user.client_group }}>
        <Form.Item
          name="group"
          label={t('users.clientGroup')}
          rules={[{ required: true, pattern: GROUP, message: t('hedging.groupInvalid') }]}
        >
          <AutoComplete
            options={(hedging.data?.groups ?? []).map((g) => ({ value: g.client_group }))}
            data-testid="group-input"
          >
            <Input autoFocus />
          </AutoComplete>
        </Form.Item>
      </Form>
    </Modal>
  )
}
