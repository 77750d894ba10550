// The scroll-to-top button, shown after 500 px of scroll. On a phone a fixed corner button sits
// over the cards (a heart, a compare box), so there it shows only while the shopper scrolls
// back up, and leaves again once the page rests.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowUpIcon } from './Icons'
import { SCROLL_TOP_AFTER, useScrollY } from './scroll'

/** PHONE_MAX is the widest screen that gets the scrolling-up-only button. */
export const PHONE_MAX = 700
/** REST_MS: how long after the last scroll the phone's button stays. */
export const REST_MS = 2000

function isPhone(): boolean {
  return window.matchMedia?.(`(max-width: ${PHONE_MAX}px)`).matches
}

export function ScrollTopButton() {
  const { t } = useTranslation()
  const y = useScrollY()
  const last = useRef(y)
  const [goingUp, setGoingUp] = useState(false)
  useEffect(() => {
    const up = y < last.current
    last.current = y
    if (!up) {
      setGoingUp(false)
      return
    }
    setGoingUp(true)
    const timer = window.setTimeout(() => setGoingUp(false), REST_MS)
    return () => window.clearTimeout(timer)
  }, [y])
  const visible = y > SCROLL_TOP_AFTER && (!isPhone() || goingUp)
  if (!visible) return null
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('header.scrollTop')}
      title={t('header.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  )
}
