// i18next set up with the two languages of the back office; the stored language picks one.
//
// Only what a screen needs is loaded: before the first render the core texts
// (sr.json or en.json) of the active language alone; the back office's areas (the AREAS below,
// files <area>.<lang>.json under their own top-level key) come with its layout through
// loadAreaTexts, so the login screen does not carry them. A language switch (i18n.changeLanguage,
// e.g. from the shared language switch) loads the other language's texts, and antd's texts for it
// (antdLocale.ts), before it shows them, through the small backend below.
import i18n, { type BackendModule, type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getLang } from '@shop/shared'
import { loadAntdLocale } from './antdLocale'

export const LANGS = ['sr', 'en'] as const

/**
 * AREAS: the texts of the back office's screens, one file per language each (catalog.sr.json,
 * catalog.en.json, ...), loaded with the layout. A new area's files are added here (a test checks
 * that every <area>.<lang>.json file is listed).
 */
export const AREAS = ['catalog', 'pricelists', 'notifications', 'discounts', 'pricing', 'priceExplain', 'partners', 'eoffer', 'content', 'voice', 'landing', 'orders', 'invoices', 'staff'] as const

type Texts = Record<string, unknown>
type Load = () => Promise<{ default: Texts }>

const coreFiles: Record<string, Load> = { sr: () => import('./sr.json'), en: () => import('./en.json') }
// every <area>.<lang>.json of this folder; they load together, so the build puts a language's
// areas in one chunk (areas.sr, areas.en: a group in vite.config.ts)
const areaFiles = import.meta.glob<{ default: Texts }>('./*.*.json')

function areaFile(area: string, lang: string): Load {
  const load = areaFiles[`./${area}.${lang}.json`]
  if (!load) throw new Error(`i18n: no texts ${area}.${lang}.json`)
  return load
}

let areasWanted = false

/** textsOf: a language's core texts, and its area texts once the back office asked for them. */
async function textsOf(lang: string): Promise<Texts> {
  const core = await coreFiles[lang in coreFiles ? lang : 'sr']()
  // asked for now, after the core came: loadAreaTexts may have been called meanwhile
  const areas = areasWanted ? await Promise.all(AREAS.map((a) => areaFile(a, lang)())) : []
  return Object.assign({}, core.default, ...areas.map((p) => p.default)) as Texts
}

// i18next asks the backend for a language before it switches to it (and at init)
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    // antd's texts for the language come along, so they are there when it shows
    Promise.all([textsOf(language), loadAntdLocale(language)]).then(
      ([texts]) => callback(null, texts as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    )
  },
}

/**
 * loadAreaTexts adds the area texts to every language loaded so far (later ones get them with
 * their core texts). The back-office layout waits for it; calling it again costs nothing.
 */
export function loadAreaTexts(): Promise<void> {
  if (!areaTextsLoading) {
    areasWanted = true
    areaTextsLoading = Promise.all(
      LANGS.filter((l) => i18n.hasResourceBundle(l, 'translation')).map(async (l) => {
        const parts = await Promise.all(AREAS.map((a) => areaFile(a, l)()))
        for (const p of parts) i18n.addResourceBundle(l, 'translation', p.default, true, true)
      }),
    ).then(
      () => undefined,
      (err: unknown) => {
        // a failed load (the network) is tried again by the next caller
        areaTextsLoading = null
        throw err
      },
    )
  }
  return areaTextsLoading
}
let areaTextsLoading: Promise<void> | null = null

/** loadAllTexts: both languages with every area, for the tests (test-setup). */
export async function loadAllTexts(): Promise<void> {
  await i18nReady
  areasWanted = true
  for (const l of LANGS) {
    i18n.addResourceBundle(l, 'translation', await textsOf(l), true, true)
    await loadAntdLocale(l)
  }
  areaTextsLoading = Promise.resolve()
}

/** i18nReady: resolved once the active language's core texts are in (main.tsx renders after it). */
export const i18nReady = i18n
  .use(backend)
  .use(initReactI18next)
  .init({
    lng: getLang(),
    supportedLngs: [...LANGS],
    // one language at a time: a fallback would load the other one too. Both files have the same
    // keys (i18n tests), so nothing falls back.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })

export default i18n
