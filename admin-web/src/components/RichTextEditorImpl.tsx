// The tiptap editor behind RichTextEditor (lazily loaded; see RichTextEditor.tsx).
import Image from '@tiptap/extension-image'
import TextAlign from '@tiptap/extension-text-align'
import { FontSize, TextStyle } from '@tiptap/extension-text-style'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { RichTextEditorProps } from './RichTextEditor'

/** The font sizes offered (px); '' is the default size. */
export const FONT_SIZES = ['', '12px', '14px', '16px', '18px', '24px', '32px'] as const
export const BLOCK_TYPES = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'blockquote'] as const
type BlockType = (typeof BLOCK_TYPES)[number]

/** an empty document is sent as '' (the server's "required" then applies) */
export function editorHTML(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML()
}

function blockTypeOf(e: Editor): BlockType {
  for (const l of [1, 2, 3, 4] as const) if (e.isActive('heading', { level: l })) return `h${l}` as BlockType
  return e.isActive('blockquote') ? 'blockquote' : 'paragraph'
}

function setBlockType(e: Editor, b: BlockType) {
  const c = e.chain().focus()
  if (b === 'paragraph') c.setParagraph().run()
  else if (b === 'blockquote') c.setParagraph().toggleBlockquote().run()
  else c.setHeading({ level: Number(b.slice(1)) as 1 | 2 | 3 | 4 }).run()
}

/** a link the editor accepts: a path on the shop, http(s), mailto or tel */
export function safeHref(href: string): boolean {
  return /^(\/(?!\/)|https?:\/\/|mailto:|tel:|#)/i.test(href.trim())
}

export default function RichTextEditorImpl({ value, onChange, withImage, id, 'aria-label': ariaLabel }: RichTextEditorProps) {
  const { t } = useTranslation()
  const emitted = useRef<string | undefined>(value)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, codeBlock: false, code: false, link: { openOnClick: false, autolink: true } }),
      TextStyle,
      FontSize,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      ...(withImage ? [Image] : []),
    ],
    content: value ?? '',
    editorProps: { attributes: { ...(id ? { id } : {}), 'aria-label': ariaLabel ?? '', role: 'textbox', 'aria-multiline': 'true', class: 'rte-content' } },
    onUpdate: ({ editor: e }) => {
      const html = editorHTML(e)
      emitted.current = html
      onChange?.(html)
    },
  })
  // a value set from outside (the form loading a record) replaces the document
  useEffect(() => {
    if (!editor || value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value ?? '', { emitUpdate: false })
  }, [editor, value])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
            block: blockTypeOf(e),
            size: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
            align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null,
  })
  if (!editor || !state) return null

  const l = (k: string) => t(`richText.${k}`)
  const btn = (key: string, label: ReactNode, onClick: () => void, pressed?: boolean, disabled?: boolean) => (
    <button
      key={key}
      type="button"
      className="rte-btn"
      aria-label={l(key)}
      title={l(key)}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(ev) => ev.preventDefault()}
      onClick={onClick}
      style={{ minWidth: 28, padding: '2px 6px', border: '1px solid #d9d9d9', borderRadius: 4, background: pressed ? '#e6f4ff' : '#fff', cursor: 'pointer' }}
    >
      {label}
    </button>
  )
  const chain = () => editor.chain().focus()
  const link = () => {
    const prev = (editor.getAttributes('link').href as string | undefined) ?? ''
    const href = window.prompt(l('linkPrompt'), prev)
    if (href === null) return
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run()
    else if (safeHref(href)) chain().extendMarkRange('link').setLink({ href: href.trim() }).run()
  }
  const image = () => {
    const src = window.prompt(l('imagePrompt'), '')
    if (src && /^(\/(?!\/)|https?:\/\/)/i.test(src.trim())) chain().setImage({ src: src.trim() }).run()
  }

  return (
    <div className="rte" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <div role="toolbar" aria-label={l('toolbar')} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, padding: 4, borderBottom: '1px solid #f0f0f0' }}>
        {btn('bold', <b>B</b>, () => chain().toggleBold().run(), state.bold)}
        {btn('italic', <i>I</i>, () => chain().toggleItalic().run(), state.italic)}
        {btn('underline', <u>U</u>, () => chain().toggleUnderline().run(), state.underline)}
        {btn('strike', <s>S</s>, () => chain().toggleStrike().run(), state.strike)}
        <select aria-label={l('blockType')} value={state.block} onChange={(e) => setBlockType(editor, e.target.value as BlockType)}>
          {BLOCK_TYPES.map((b) => (
            <option key={b} value={b}>
              {l(`block.${b}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={l('fontSize')}
          value={state.size}
          onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
        >
          {FONT_SIZES.map((s) => (
            <option key={s} value={s}>
              {s === '' ? l('defaultSize') : s}
            </option>
          ))}
        </select>
        {btn('bulletList', '•', () => chain().toggleBulletList().run(), state.bullet)}
        {btn('orderedList', '1.', () => chain().toggleOrderedList().run(), state.ordered)}
        {(['left', 'center', 'right', 'justify'] as const).map((a) =>
          btn(`align.${a}`, { left: '⇤', center: '↔', right: '⇥', justify: '≡' }[a], () => chain().setTextAlign(a).run(), state.align === a),
        )}
        {btn('undo', '↶', () => chain().undo().run(), undefined, !state.undo)}
        {btn('redo', '↷', () => chain().redo().run(), undefined, !state.redo)}
        {btn('link', '🔗', link, state.link)}
        {withImage && btn('image', '🖼', image)}
      </div>
      <EditorContent editor={editor} style={{ minHeight: 140, padding: '4px 11px' }} />
    </div>
  )
}
