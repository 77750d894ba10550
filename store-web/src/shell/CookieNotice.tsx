// The cookie notice: a bar at the bottom until the visitor agrees ('Slažem se').
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { giveCookieConsent, hasCookieConsent } from './cookieConsent'

export function CookieNotice() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(() => !hasCookieConsent())
  if (!visible) return null

  return (
    <div className="cookie-notice" role="region" aria-label={t('cookie.accept')} data-testid="cookie-notice">
      <div className="container cookie-notice__inner">
        <p>
          {t('cookie.text')} <Link to={paths.privacy}>{t('cookie.more')}</Link>
        </p>
        <button
          type="button"
          className="btn btn--accent"
          onClick={() => {
            giveCookieConsent()
            setVisible(false)
          }}
        >
          {t('cookie.accept')}
        </button>
      </div>
    </div>
  )
}
