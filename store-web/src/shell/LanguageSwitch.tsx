// The sr/en switch: the shared switch (web-shared/src/language.ts) stores the choice, switches
// the texts and refetches the API data in the new language (sent as Accept-Language); the
// `lang` cookie follows, so the server renders the next page's meta in the same language.
import { LANGUAGES, switchLanguage } from '@shop/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { rememberLanguage } from '../i18n/urlLanguage'

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const qc = useQueryClient()

  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          title={t(`languages.${lang}`)}
          aria-pressed={i18n.language === lang}
          onClick={() => {
            rememberLanguage(lang)
            void switchLanguage(lang, i18n, () => qc.invalidateQueries())
          }}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  )
}
