import { useState, type ReactNode } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import { Button, Divider, Tooltip } from 'antd'
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { AddressDialog, type AddressKind } from './address-dialog.tsx'

interface Tool {
  key: string
  label: MessageKey
  icon: ReactNode
  run: (editor: Editor) => void
  active?: (editor: Editor) => boolean
}

const text = (label: string) => <span style={{ fontWeight: 600, fontSize: 13 }}>{label}</span>

const TOOLS: (Tool | 'divider')[] = [
  {
    key: 'bold',
    label: 'content.tool.bold',
    icon: <BoldOutlined />,
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    key: 'italic',
    label: 'content.tool.italic',
    icon: <ItalicOutlined />,
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    label: 'content.tool.underline',
    icon: <UnderlineOutlined />,
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'strike',
    label: 'content.tool.strike',
    icon: <StrikethroughOutlined />,
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  'divider',
  {
    key: 'paragraph',
    label: 'content.tool.paragraph',
    icon: text('¶'),
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  ...([2, 3, 4] as const).map((level) => ({
    key: `h${level}`,
    label: `content.tool.h${level}` as MessageKey,
    icon: text(`H${level}`),
    run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
    active: (e: Editor) => e.isActive('heading', { level }),
  })),
  'divider',
  {
    key: 'bulletList',
    label: 'content.tool.bulletList',
    icon: <UnorderedListOutlined />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    label: 'content.tool.orderedList',
    icon: <OrderedListOutlined />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'blockquote',
    label: 'content.tool.quote',
    icon: text('❝'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    key: 'codeBlock',
    label: 'content.tool.code',
    icon: <CodeOutlined />,
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    key: 'rule',
    label: 'content.tool.rule',
    icon: <LineOutlined />,
    run: (e) => e.chain().focus().setHorizontalRule().run(),
    active: () => false,
  },
]

/** The editor's buttons, each named (aria-label) and showing whether it is on where the cursor is. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const t = useT()
  const [asking, setAsking] = useState<AddressKind | null>(null)
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: Object.fromEntries(
        TOOLS.filter((tool) => tool !== 'divider').map((tool) => [
          tool.key,
          tool.active ? tool.active(e) : e.isActive(tool.key),
        ]),
      ),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const button = (
    key: string,
    label: MessageKey,
    icon: ReactNode,
    onClick: () => void,
    on = false,
    off = false,
  ) => (
    <Tooltip key={key} title={t(label)} mouseEnterDelay={0.4}>
      <Button
        type={on ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={t(label)}
        aria-pressed={on}
        disabled={off}
        data-testid={`tool-${key}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  )
  const setLink = (href: string) => {
    const chain = editor.chain().focus()
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run()
    else chain.extendMarkRange('link').setLink({ href }).run()
  }
  return (
    <div className="news-editor-toolbar" role="toolbar" aria-label={t('content.tool.toolbar')}>
      {TOOLS.map((tool, i) =>
        tool === 'divider' ? (
          <Divider key={`d${i}`} orientation="vertical" style={{ height: 24, margin: '0 4px' }} />
        ) : (
          button(tool.key, tool.label, tool.icon, () => tool.run(editor), state.active[tool.key])
        ),
      )}
      <Divider orientation="vertical" style={{ height: 24, margin: '0 4px' }} />
      {button('link', 'content.tool.link', <LinkOutlined />, () => setAsking('link'), state.link)}
      {button(
        'unlink',
        'content.tool.unlink',
        <DisconnectOutlined />,
        () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
        false,
        !state.link,
      )}
      {button('image', 'content.tool.image', <PictureOutlined />, () => setAsking('image'))}
      <Divider orientation="vertical" style={{ height: 24, margin: '0 4px' }} />
      {button(
        'undo',
        'content.tool.undo',
        <UndoOutlined />,
        () => editor.chain().focus().undo().run(),
        false,
        !state.canUndo,
      )}
      {button(
        'redo',
        'content.tool.redo',
        <RedoOutlined />,
        () => editor.chain().focus().redo().run(),
        false,
        !state.canRedo,
      )}
      <AddressDialog
        kind={asking}
        initial={asking === 'link' ? state.href : ''}
        onCancel={() => setAsking(null)}
        onDone={(address, alt) => {
          if (asking === 'link') setLink(address)
          else editor.chain().focus().setImage({ src: address, alt }).run()
          setAsking(null)
        }}
      />
    </div>
  )
}
