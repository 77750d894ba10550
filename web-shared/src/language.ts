// The one language switch of both apps. web-shared has no dependencies, so the app hands in its
// i18next instance and how it refetches the API data (React Query's invalidateQueries).
import { setLang, type Lang } from './session'

export const LANGUAGES: readonly Lang[] = ['sr', 'en']

/** The parts of i18next the switch uses. */
export interface Translator {
  language: string
  changeLanguage(lang: string): Promise<unknown>
}

/**
 * switchLanguage stores the choice (the API client's Accept-Language reads it), marks the page's
 * <html lang>, switches the texts, and then refetches the API data so the server's texts follow.
 * Choosing the current language does nothing.
 */
export async function switchLanguage(lang: Lang, i18n: Translator, refetch: () => Promise<unknown> | void): Promise<void> {
  if (i18n.language === lang) return
  setLang(lang)
  document.documentElement.lang = lang
  await i18n.changeLanguage(lang)
  await refetch()
}
