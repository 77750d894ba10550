// i18next set-up: Serbian (Latin, default) and English; the choice is kept under the
// 'language' key that the API client's Accept-Language header reads too; `?lang=` in the
// address on the first load sets it (urlLanguage.ts).
// Texts live in one file per area and language (sr/<area>.json, en/<area>.json), so pages built
// side by side do not edit one file; every area's top-level keys are its own.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { mergeAreas } from './merge'
import { applyUrlLanguage } from './urlLanguage'

const sr = mergeAreas(import.meta.glob<Record<string, unknown>>('./sr/*.json', { eager: true, import: 'default' }))
const en = mergeAreas(import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' }))

void i18n.use(initReactI18next).init({
  resources: { sr: { translation: sr }, en: { translation: en } },
  lng: applyUrlLanguage(),
  fallbackLng: 'sr',
  interpolation: { escapeValue: false },
  returnNull: false,
})
document.documentElement.lang = i18n.language

export default i18n
