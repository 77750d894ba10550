// The sr/en switch: stores the choice, switches the texts and refetches the API data in the
// new language (the API client sends the stored language as Accept-Language).
import type { Lang } from '@shop/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { changeLanguage, languages } from '../i18n'

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const qc = useQueryClient()

  async function choose(lang: Lang) {
    if (lang === i18n.language) return
    await changeLanguage(lang)
    await qc.invalidateQueries()
  }

  return (
    <div className={`lang-switch ${className}`} role="group" aria-label={t('header.language')}>
      {languages.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          title={t(`languages.${lang}`)}
          aria-pressed={i18n.language === lang}
          onClick={() => void choose(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  )
}
