// HTML written by staff in the admin's rich-text editor (pages, news, landing pages): the server
// sanitises it (bluemonday) before it is stored and sent. Links inside it to the storefront's
// own pages move through the router (no full reload); '#id' links scroll within the page.
import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

export function HtmlBody({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  const navigate = useNavigate()

  function onClick(e: MouseEvent<HTMLDivElement>) {
    const a = (e.target as HTMLElement).closest('a')
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    if (a.target && a.target !== '_self') return
    const href = a.getAttribute('href') ?? ''
    if (href.startsWith('#')) {
      e.preventDefault()
      const id = decodeURIComponent(href.slice(1))
      navigate({ hash: id }, { replace: false })
      return
    }
    const url = new URL(a.href, window.location.href)
    if (url.origin !== window.location.origin || url.pathname.startsWith('/admin') || url.pathname.startsWith('/api/')) return
    e.preventDefault()
    navigate(url.pathname + url.search + url.hash)
  }

  return (
    // The click handler only routes clicks on the links inside (they keep their own keyboard use).
    <div className={`html-body ${className}`} data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  )
}

/** scrollToAnchor scrolls to the element with the id (a hash without '#'); false when absent. */
export function scrollToAnchor(id: string): boolean {
  if (!id) return false
  const el = document.getElementById(id)
  if (!el) return false
  el.scrollIntoView({ block: 'start' })
  return true
}
