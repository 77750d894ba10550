// Switching the language: stored under 'language', given to i18next (and so to antd's locale),
// and every query refetched so the server's texts follow (the API reads Accept-Language).
import { useQueryClient } from '@tanstack/react-query'
import { setLang, type Lang } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export function useLanguage(): [Lang, (l: Lang) => void] {
  const { i18n } = useTranslation()
  const qc = useQueryClient()
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sr'
  const change = (l: Lang) => {
    if (l === lang) return
    setLang(l)
    document.documentElement.lang = l
    void i18n.changeLanguage(l).then(() => qc.invalidateQueries())
  }
  return [lang, change]
}
