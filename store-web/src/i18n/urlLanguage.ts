// The language of the first screen: `?lang=en` (or `?lang=sr`) in the address wins over the
// stored choice. The SEO layer serves English meta for `?lang=en` (the English canonical is the
// Serbian path with it), so a shopper arriving from an English search result must see English.
// The choice is then stored like the switch's and mirrored in the `lang` cookie, which the
// server reads for pages without `?lang`, and the parameter leaves the address: URLs stay
// Serbian, and a later switch to Serbian is not undone by a reload of `?lang=en`.
import { getLang, setCookie, setLang, type Lang } from '@shop/shared'

export const LANG_COOKIE = 'lang'

/** rememberLanguage stores the choice and mirrors it in the `lang` cookie (a year). */
export function rememberLanguage(lang: Lang, doc: Document = document): void {
  setLang(lang)
  setCookie(LANG_COOKIE, lang, { days: 365 }, doc)
}

/** applyUrlLanguage reads `?lang=` on the first load, remembers the language it names (else
 * the stored one, so the cookie follows choices made before it existed) and drops the
 * parameter from the address without a new history entry; it answers the language to start in. */
export function applyUrlLanguage(win: Window = window): Lang {
  const url = new URL(win.location.href)
  const asked = url.searchParams.get('lang')
  const lang: Lang = asked === 'en' || asked === 'sr' ? asked : getLang()
  rememberLanguage(lang, win.document)
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang')
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash)
  }
  return lang
}
