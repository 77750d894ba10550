// i18next set up with the two languages of the back office; the stored language picks one.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getLang } from '@shop/shared'
import en from './en.json'
import sr from './sr.json'

export const resources = { sr: { translation: sr }, en: { translation: en } } as const

void i18n.use(initReactI18next).init({
  resources,
  lng: getLang(),
  fallbackLng: 'sr',
  interpolation: { escapeValue: false },
  returnNull: false,
})

export default i18n
