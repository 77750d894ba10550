// The scroll-to-top button, shown after 500 px of scroll.
import { useTranslation } from 'react-i18next'
import { ArrowUpIcon } from './Icons'
import { SCROLL_TOP_AFTER, useScrollY } from './scroll'

export function ScrollTopButton() {
  const { t } = useTranslation()
  const visible = useScrollY() > SCROLL_TOP_AFTER
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
