// Stand-in for the rich-text editor another part of issue 14 builds (tiptap, with the spec's
// toolbar): the same props, a plain textarea holding the HTML. At merge the real one replaces it.
import { Input } from 'antd'

export interface RichTextEditorProps {
  value?: string
  onChange?: (html: string) => void
  withImage?: boolean
  id?: string
  'aria-label'?: string
}

export function RichTextEditor({ value, onChange, id, 'aria-label': label }: RichTextEditorProps) {
  return <Input.TextArea id={id} aria-label={label} value={value ?? ''} rows={4} onChange={(e) => onChange?.(e.target.value)} />
}

export default RichTextEditor
