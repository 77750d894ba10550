// antd's texts (pagination, date pickers, empty tables, confirmations) for a language, loaded with
// the language's own texts (i18n/index.ts): the first screen carries one language, not both.
// English is British English, so calendars start the week on Monday in both languages.
//
// antd's `antd/locale/*` files are CommonJS re-exports of `lib/`. This package is an ES module
// ("type": "module"), so Vite's build imports them in Node mode: their default is the whole
// `module.exports` ({__esModule, default}), antd finds no texts in it and silently shows
// English. The `es/` files are real ES modules: the default is the locale in the build and in
// vitest alike.
import type { Locale } from 'antd/es/locale'

const loaders: Record<'sr' | 'en', () => Promise<{ default: Locale }>> = {
  sr: () => import('antd/es/locale/sr_RS'),
  en: () => import('antd/es/locale/en_GB'),
}

const loaded: Partial<Record<'sr' | 'en', Locale>> = {}

const langOf = (language: string) => (language === 'en' ? 'en' : 'sr')

/** loadAntdLocale loads antd's texts for a language (anything but English is Serbian). */
export async function loadAntdLocale(language: string): Promise<void> {
  const lang = langOf(language)
  loaded[lang] ??= (await loaders[lang]()).default
}

/** antdLocale: antd's texts for a language, once loaded. */
export function antdLocale(language: string): Locale | undefined {
  return loaded[langOf(language)]
}
