// The product description's editor: Lexical (rich text, lists, undo) whose state is stored as
// its JSON (`editorState.toJSON()`), a string in the form. It takes its value once, when it
// mounts (Lexical owns the document afterwards), and reports every change through onChange.
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { ListItemNode, ListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { HeadingNode, QuoteNode } from '@lexical/rich-text'
import { Button, Flex, Tooltip, theme } from 'antd'
import { FORMAT_TEXT_COMMAND, REDO_COMMAND, UNDO_COMMAND, type EditorState } from 'lexical'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toEditorState } from './richText'

export interface RichTextEditorProps {
  value?: string
  onChange?: (json: string) => void
  id?: string
  'aria-label'?: string
  status?: 'error' | ''
}

// the theme's classes, kept with the editor
const css = `.rte-p{margin:0 0 4px}.rte-bold{font-weight:600}.rte-italic{font-style:italic}.rte-underline{text-decoration:underline}.rte-ul,.rte-ol{margin:0 0 4px;padding-left:24px}`

const editorTheme = {
  paragraph: 'rte-p',
  text: { bold: 'rte-bold', italic: 'rte-italic', underline: 'rte-underline' },
  list: { ul: 'rte-ul', ol: 'rte-ol', listitem: 'rte-li' },
}

export function RichTextEditor({ value, onChange, id, status, ...rest }: RichTextEditorProps) {
  const { token } = theme.useToken()
  // the first value only: later ones come from the editor itself
  const [initial] = useState(() => toEditorState(value))
  const config = {
    namespace: 'product-description',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode],
    editorState: initial,
    theme: editorTheme,
    onError: (e: Error) => {
      throw e
    },
  }
  const change = (state: EditorState) => onChange?.(JSON.stringify(state.toJSON()))
  return (
    <LexicalComposer initialConfig={config}>
      <style>{css}</style>
      <div
        style={{
          border: `1px solid ${status === 'error' ? token.colorError : token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
        }}
      >
        <Toolbar />
        <div style={{ position: 'relative' }}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                aria-label={rest['aria-label']}
                className="rte-content"
                style={{ minHeight: 160, padding: '8px 11px', outline: 'none' }}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <OnChangePlugin onChange={change} ignoreSelectionChange />
    </LexicalComposer>
  )
}

function Toolbar() {
  const [editor] = useLexicalComposerContext()
  const { t } = useTranslation()
  const b = (label: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onMouseDown={(e) => e.preventDefault()} onClick={run} />
    </Tooltip>
  )
  return (
    <Flex gap={2} style={{ padding: 4, borderBottom: '1px solid rgba(5,5,5,0.06)' }} role="toolbar">
      {b(t('catalogAdmin.editor.bold'), <BoldOutlined />, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'))}
      {b(t('catalogAdmin.editor.italic'), <ItalicOutlined />, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'))}
      {b(t('catalogAdmin.editor.underline'), <UnderlineOutlined />, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline'))}
      {b(t('catalogAdmin.editor.bullets'), <UnorderedListOutlined />, () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined))}
      {b(t('catalogAdmin.editor.numbers'), <OrderedListOutlined />, () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined))}
      {b(t('catalogAdmin.editor.undo'), <UndoOutlined />, () => editor.dispatchCommand(UNDO_COMMAND, undefined))}
      {b(t('catalogAdmin.editor.redo'), <RedoOutlined />, () => editor.dispatchCommand(REDO_COMMAND, undefined))}
    </Flex>
  )
}
