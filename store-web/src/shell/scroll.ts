// Scroll position for the header: compact after 200 px, the scroll-to-top button after 500 px.
import { useEffect, useState } from 'react'

export const COMPACT_HEADER_AFTER = 200
export const SCROLL_TOP_AFTER = 500

/** useScrollY is the page's vertical scroll, read at most once per animation frame. */
export function useScrollY(): number {
  const [y, setY] = useState(() => window.scrollY)
  useEffect(() => {
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        setY(window.scrollY)
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return y
}
