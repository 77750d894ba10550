// Safe rendering of server HTML: the search's highlighted names (escaped text with matches in
// <strong>) become React text nodes, never parsed HTML; banner HTML keeps only harmless tags.
import type { ReactNode } from 'react'

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#34;': '"' }

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|#34);/g, (m) => entities[m] ?? m)
}

/** Highlighted renders 'Fri<strong>žider</strong> &amp; co' as text with <strong> parts. */
export function Highlighted({ html, fallback }: { html?: string; fallback?: string }): ReactNode {
  if (!html) return fallback ?? ''
  const parts = html.split(/<strong>(.*?)<\/strong>/g)
  return parts.map((p, i) => (i % 2 === 1 ? <strong key={i}>{unescape(p)}</strong> : unescape(p)))
}

const allowedTags = new Set(['A', 'IMG', 'PICTURE', 'SOURCE', 'SPAN', 'STRONG', 'EM', 'B', 'I', 'P', 'DIV', 'BR', 'SMALL'])
const allowedAttrs = new Set(['href', 'src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'media', 'class', 'loading'])

/** sanitizeHtml keeps a small set of tags and attributes; links and images only over http(s) or
 * site-relative addresses. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html')
  const root = doc.body.firstElementChild
  if (!root) return ''
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (!allowedTags.has(child.tagName)) {
        child.remove()
        continue
      }
      for (const a of Array.from(child.attributes)) {
        const v = a.value.trim().toLowerCase()
        const bad = !allowedAttrs.has(a.name) || ((a.name === 'href' || a.name === 'src') && !/^(https?:|\/(?!\/)|#)/.test(v))
        if (bad) child.removeAttribute(a.name)
      }
      walk(child)
    }
  }
  walk(root)
  return root.innerHTML
}
