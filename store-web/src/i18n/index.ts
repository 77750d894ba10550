// i18next set-up: Serbian (Latin, default) and English; the choice is kept under the
// 'language' key that the API client's Accept-Language header reads too.
import { getLang } from '@shop/shared'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './en.json'
import sr from './sr.json'

void i18n.use(initReactI18next).init({
  resources: { sr: { translation: sr }, en: { translation: en } },
  lng: getLang(),
  fallbackLng: 'sr',
  interpolation: { escapeValue: false },
  returnNull: false,
})
document.documentElement.lang = i18n.language

export default i18n
