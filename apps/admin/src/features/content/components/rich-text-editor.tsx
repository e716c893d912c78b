import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import { isArticleLink } from '../lib/web-values.ts'
import { EditorToolbar } from './editor-toolbar.tsx'
import './news-editor.css'

/**
 * The article's rich text (tiptap): only what the server keeps (NEWS_HTML_TAGS): paragraphs,
 * headings h2-h4, bold, italic, underline, strike-through, lists, quotes, code, rules, links
 * (http(s), mailto) and images. Mounted afresh for each language and after each save, with the
 * HTML it starts from; reports every change as HTML.
 */
export function RichTextEditor({
  initial,
  rtl,
  onChange,
}: {
  initial: string
  rtl: boolean
  onChange: (html: string) => void
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => isArticleLink(url),
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  })
  return (
    <div className="news-editor" data-testid="news-editor">
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} className="news-editor-body" dir={rtl ? 'rtl' : 'ltr'} />
    </div>
  )
}
