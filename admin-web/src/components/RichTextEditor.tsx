// RichTextEditor: the back office's rich text (news bodies, static pages, landing pages), a
// tiptap editor with the toolbar of spec 2.7: inline (bold, italic, underline, strike), block
// type (paragraph, h1-h4, quote), font size, lists, alignment, undo/redo, link, and an image
// when withImage. It works as an antd Form.Item child (value, onChange with the HTML). tiptap is
// loaded with the editor only (its own chunk): screens without rich text never load it, and
// the login and list screens' bundles do not move. The server sanitizes the
// HTML again (internal/platform/richtext).
import { lazy, Suspense } from 'react'

export interface RichTextEditorProps {
  value?: string
  onChange?: (html: string) => void
  withImage?: boolean
  id?: string
  'aria-label'?: string
}

const Editor = lazy(() => import('./RichTextEditorImpl'))

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rte-loading" style={{ minHeight: 160, border: '1px solid #d9d9d9', borderRadius: 6 }} aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  )
}

export default RichTextEditor
