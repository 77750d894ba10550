// ScrollX: a box that scrolls sideways what is wider than the screen (a table on a phone),
// reachable by keyboard (focusable), so the page itself never gets wider than the screen.
import type { ReactNode } from 'react'

export function ScrollX({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div style={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role={label ? 'region' : undefined} aria-label={label}>
      {children}
    </div>
  )
}
