// ServerPageLink opens a page the Go server renders behind the session cookie (the queue
// monitor): a full page load, after making sure the cookie holds a live token.
import type { ReactNode } from 'react'
import { freshQueueCookie } from '../api/client'

export interface ServerPageLinkProps {
  href: string
  children: ReactNode
  className?: string
  /** aria-current, for a menu's current entry */
  current?: 'page'
}

export function ServerPageLink({ href, children, className, current }: ServerPageLinkProps) {
  return (
    <a
      href={href}
      className={className}
      aria-current={current}
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
