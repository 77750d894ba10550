// ServerPageLink opens a page the Go server renders behind the session cookie (the queue
// monitor): a full page load, after making sure the cookie holds a live token.
import type { ReactNode } from 'react'
import { freshQueueCookie } from '../api/client'

export function ServerPageLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return
        e.preventDefault()
        void freshQueueCookie().then(() => window.location.assign(href))
      }}
    >
      {children}
    </a>
  )
}
