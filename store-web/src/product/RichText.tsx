// A product description as React elements: the admin stores a Lexical editor state
// ({"root": {...}}), older products a Draft.js raw state ({"blocks": [...]}), or plain text
// (internal/catalog/description.go reads the same three). Built from the nodes, never from HTML.
import type { ReactNode } from 'react'

interface LexNode {
  type?: string
  text?: string
  format?: number | string
  tag?: string
  listType?: string
  url?: string
  children?: LexNode[]
}

type Doc = { kind: 'lexical'; root: LexNode } | { kind: 'draft'; blocks: { text?: string; type?: string }[] } | { kind: 'plain'; text: string }

export function parseDescription(s: string | undefined | null): Doc {
  const text = (s ?? '').trim()
  if (text.startsWith('{')) {
    try {
      const doc = JSON.parse(text) as { root?: LexNode; blocks?: { text?: string; type?: string }[] }
      if (doc.root) return { kind: 'lexical', root: doc.root }
      if (Array.isArray(doc.blocks)) return { kind: 'draft', blocks: doc.blocks }
    } catch {
      // not JSON: plain text
    }
  }
  return { kind: 'plain', text }
}

/** descriptionText is the description's visible text (empty: the 'no description' text shows). */
export function descriptionText(s: string | undefined | null): string {
  const doc = parseDescription(s)
  const walk = (n: LexNode): string => (n.text ?? '') + (n.children ?? []).map(walk).join(' ')
  switch (doc.kind) {
    case 'lexical':
      return walk(doc.root).trim()
    case 'draft':
      return doc.blocks.map((b) => b.text ?? '').join(' ').trim()
    default:
      return doc.text
  }
}

const BOLD = 1
const ITALIC = 2
const STRIKE = 4
const UNDERLINE = 8

function safeUrl(u: string | undefined): string | undefined {
  if (!u) return undefined
  return /^(https?:|mailto:|tel:|\/)/i.test(u) ? u : undefined
}

function renderText(n: LexNode, key: number): ReactNode {
  let el: ReactNode = n.text ?? ''
  const f = typeof n.format === 'number' ? n.format : 0
  if (f & UNDERLINE) el = <u>{el}</u>
  if (f & STRIKE) el = <s>{el}</s>
  if (f & ITALIC) el = <em>{el}</em>
  if (f & BOLD) el = <strong>{el}</strong>
  return <span key={key}>{el}</span>
}

function renderNode(n: LexNode, key: number): ReactNode {
  const kids = (n.children ?? []).map(renderNode)
  switch (n.type) {
    case 'text':
      return renderText(n, key)
    case 'linebreak':
      return <br key={key} />
    case 'paragraph':
      return <p key={key}>{kids}</p>
    case 'heading': {
      const Tag = (['h2', 'h3', 'h4', 'h5', 'h6'].includes(n.tag ?? '') ? n.tag : 'h3') as 'h3'
      return <Tag key={key}>{kids}</Tag>
    }
    case 'quote':
      return <blockquote key={key}>{kids}</blockquote>
    case 'list':
      return n.listType === 'number' ? <ol key={key}>{kids}</ol> : <ul key={key}>{kids}</ul>
    case 'listitem':
      return <li key={key}>{kids}</li>
    case 'link':
    case 'autolink': {
      const href = safeUrl(n.url)
      return href ? (
        <a key={key} href={href} rel="noopener noreferrer">
          {kids}
        </a>
      ) : (
        <span key={key}>{kids}</span>
      )
    }
    default:
      return <span key={key}>{kids}</span>
  }
}

export function RichText({ value }: { value: string | undefined | null }) {
  const doc = parseDescription(value)
  switch (doc.kind) {
    case 'lexical':
      return <div className="rich-text">{(doc.root.children ?? []).map(renderNode)}</div>
    case 'draft':
      return (
        <div className="rich-text">
          {doc.blocks.map((b, i) => (
            <p key={i}>{b.text}</p>
          ))}
        </div>
      )
    default:
      return (
        <div className="rich-text">
          {doc.text.split(/\n+/).map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      )
  }
}
