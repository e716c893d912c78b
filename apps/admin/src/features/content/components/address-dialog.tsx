import { useEffect } from 'react'
import { Form, Input, Modal } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { isArticleImage, isArticleLink } from '../lib/web-values.ts'

export type AddressKind = 'link' | 'image'

/** Asks for a link's target (http(s) or mailto) or an image's address (http(s) or our upload) and text. */
export function AddressDialog({
  kind,
  initial,
  onCancel,
  onDone,
}: {
  kind: AddressKind | null
  initial: string
  onCancel: () => void
  onDone: (address: string, alt: string) => void
}) {
  const t = useT()
  const [form] = Form.useForm<{ address: string; alt: string }>()
  useEffect(() => {
    if (kind) form.setFieldsValue({ address: initial, alt: '' })
  }, [kind, initial, form])
  const image = kind === 'image'
  return (
    <Modal
      open={kind !== null}
      title={t(image ? 'content.tool.image' : 'content.tool.link')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'address-ok' }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onDone(values.address.trim(), (values.alt ?? '').trim())}
      >
        <Form.Item
          name="address"
          label={t(image ? 'content.address.image' : 'content.address.link')}
          extra={t(image ? 'content.address.imageHint' : 'content.address.linkHint')}
          rules={[
            { required: true, whitespace: true, message: t('content.address.required') },
            {
              validator: async (_, value: string | undefined) => {
                const address = (value ?? '').trim()
                if (!address || (image ? isArticleImage(address) : isArticleLink(address))) return
                throw new Error(t(image ? 'content.address.badImage' : 'content.address.badLink'))
              },
            },
          ]}
        >
          <Input autoFocus data-testid="address-input" placeholder="https://" maxLength={1000} />
        </Form.Item>
        {image && (
          <Form.Item name="alt" label={t('content.address.alt')}>
            <Input data-testid="address-alt" maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
