import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { App, Button, Input, Spin, Tooltip } from 'antd'
import { CloseOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons'
import { CHAT_TEXT_MAX } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { MAX_IMAGE_BYTES, chatApi } from '../api/chat-api.ts'

interface Attachment {
  /** The chosen file, shown from memory until the server's copy is ready. */
  preview: string
  uploadId?: string
}

/**
 * The reply: text (Enter sends, Shift+Enter breaks the line), an image (chosen or pasted, uploaded
 * at once so a refusal shows before sending, previewed beside the text), the send button. A refused
 * reply keeps what was written.
 */
export function ReplyBox({ userId, onSent }: { userId: number; onSent: () => void }) {
  const t = useT()
  const { message } = App.useApp()
  const [text, setText] = useState('')
  const [attachment, setAttachment] = useState<Attachment | null>(null)
  const [sending, setSending] = useState(false)
  const file = useRef<HTMLInputElement>(null)
  const uploading = attachment !== null && attachment.uploadId === undefined

  // The in-memory preview is let go when another replaces it or the box goes.
  const preview = attachment?.preview
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview)
    },
    [preview],
  )

  async function attach(chosen: File) {
    if (chosen.size > MAX_IMAGE_BYTES) {
      message.error(t('chat.tooLarge'))
      return
    }
    const preview = URL.createObjectURL(chosen)
    setAttachment({ preview })
    try {
      const saved = await chatApi.uploadImage(userId, chosen)
      setAttachment((current) =>
        current?.preview === preview ? { preview, uploadId: saved.upload_id } : current,
      )
    } catch (error) {
      message.error((error as Error).message)
      setAttachment((current) => (current?.preview === preview ? null : current))
    }
  }

  async function send() {
    const body = text.trim()
    if (sending || uploading || (body === '' && !attachment?.uploadId)) return
    setSending(true)
    try {
      await chatApi.reply(userId, {
        text: body,
        ...(attachment?.uploadId ? { upload_id: attachment.uploadId } : {}),
      })
      setText('')
      setAttachment(null)
      onSent()
    } catch (error) {
      message.error((error as Error).message)
    } finally {
      setSending(false)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing (Cantonese, Chinese) picks a word; it never sends.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const image = [...event.clipboardData.files].find((f) => f.type.startsWith('image/'))
    if (!image) return
    event.preventDefault()
    void attach(image)
  }

  const canSend = !sending && !uploading && (text.trim() !== '' || Boolean(attachment?.uploadId))
  return (
    <div style={{ borderTop: '1px solid #f0f0f0', padding: 12 }} data-testid="chat-reply">
      {attachment && (
        <div style={{ position: 'relative', display: 'inline-block', marginBottom: 8 }}>
          <Spin spinning={uploading} tip={t('chat.uploading')} size="small">
            <img
              src={attachment.preview}
              alt={t('chat.imageAlt')}
              data-testid="chat-attachment"
              data-ready={attachment.uploadId ? 'true' : 'false'}
              style={{ height: 88, maxWidth: 200, objectFit: 'cover', borderRadius: 6, display: 'block' }}
            />
          </Spin>
          <Tooltip title={t('chat.removeImage')}>
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('chat.removeImage')}
              data-testid="chat-attachment-remove"
              onClick={() => setAttachment(null)}
              style={{ position: 'absolute', top: -8, right: -8 }}
            />
          </Tooltip>
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Tooltip title={t('chat.attach')}>
          <Button
            icon={<PictureOutlined />}
            aria-label={t('chat.attach')}
            onClick={() => file.current?.click()}
            disabled={sending || uploading}
            data-testid="chat-attach"
          />
        </Tooltip>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          data-testid="chat-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0]
            event.target.value = ''
            if (chosen) void attach(chosen)
          }}
        />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={CHAT_TEXT_MAX}
          data-testid="chat-input"
          style={{ flex: 1 }}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void send()}
          loading={sending}
          disabled={!canSend}
          data-testid="chat-send"
        >
          {t('chat.send')}
        </Button>
      </div>
    </div>
  )
}
