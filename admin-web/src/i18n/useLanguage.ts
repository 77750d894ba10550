// Switching the language through the shared switch (web-shared/src/language.ts): stored, given
// to i18next (and so to antd's locale), and every query refetched so the server's texts follow.
import { useQueryClient } from '@tanstack/react-query'
import { switchLanguage, type Lang } from '@shop/shared'
import { useTranslation } from 'react-i18next'

export function useLanguage(): [Lang, (l: Lang) => void] {
  const { i18n } = useTranslation()
  const qc = useQueryClient()
  const lang: Lang = i18n.language === 'en' ? 'en' : 'sr'
  const change = (l: Lang) => void switchLanguage(l, i18n, () => qc.invalidateQueries())
  return [lang, change]
}
