// The product description is rich text kept as a JSON string: a Lexical editor state
// ({root: {children: [...]}}). These helpers read its text (for the 2-1200 rule and previews),
// and turn older plain-text or Draft.js-raw descriptions into a Lexical state for the editor.

interface LexNode {
  type?: string
  text?: string
  children?: LexNode[]
}

function parse(json: string | null | undefined): unknown {
  if (!json) return undefined
  try {
    return JSON.parse(json)
  } catch {
    return undefined
  }
}

function isLexical(v: unknown): v is { root: LexNode } {
  return typeof v === 'object' && v !== null && typeof (v as { root?: unknown }).root === 'object'
}

function isDraftRaw(v: unknown): v is { blocks: { text?: string }[] } {
  return typeof v === 'object' && v !== null && Array.isArray((v as { blocks?: unknown }).blocks)
}

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'listitem', 'list'])

function lexicalText(node: LexNode): string {
  if (typeof node.text === 'string') return node.text
  if (node.type === 'linebreak') return '\n'
  const kids = node.children ?? []
  const parts = kids.map(lexicalText)
  // blocks are separated by a line break, as the editor shows them
  const sep = kids.some((k) => k.type && BLOCKS.has(k.type)) ? '\n' : ''
  return parts.join(sep)
}

/** richTextToPlain: the text of a stored description (Lexical, Draft.js raw, or plain text). */
export function richTextToPlain(json: string | null | undefined): string {
  if (!json) return ''
  const v = parse(json)
  if (isLexical(v)) return lexicalText(v.root)
  if (isDraftRaw(v)) return v.blocks.map((b) => b.text ?? '').join('\n')
  // not JSON: an older plain-text description
  return v === undefined ? json : typeof v === 'string' ? v : ''
}

/** richTextLength: how many characters of text (not markup) a description holds. */
export function richTextLength(json: string | null | undefined): number {
  return richTextToPlain(json).trim().length
}

/** paragraphs: a Lexical editor state of plain paragraphs. */
export function plainToLexical(text: string): string {
  const children = text.split('\n').map((line) => ({
    type: 'paragraph',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    textFormat: 0,
    textStyle: '',
    children: line
      ? [{ type: 'text', version: 1, text: line, format: 0, detail: 0, mode: 'normal', style: '' }]
      : [],
  }))
  return JSON.stringify({ root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children } })
}

/** toEditorState: a stored description as the editor's initial state (undefined: empty editor). */
export function toEditorState(json: string | null | undefined): string | undefined {
  if (!json) return undefined
  const v = parse(json)
  if (isLexical(v)) return json
  const text = richTextToPlain(json)
  return text ? plainToLexical(text) : undefined
}
