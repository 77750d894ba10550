// i18next set up with the two languages of the back office; the stored language picks one.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getLang } from '@shop/shared'
import catalogEn from './catalog.en.json'
import catalogSr from './catalog.sr.json'
import en from './en.json'
import eofferEn from './eoffer.en.json'
import eofferSr from './eoffer.sr.json'
import notificationsEn from './notifications.en.json'
import notificationsSr from './notifications.sr.json'
import pricelistsEn from './pricelists.en.json'
import pricelistsSr from './pricelists.sr.json'
import sr from './sr.json'

// the catalogue screens' texts live in their own files, under their own top-level key
export const resources = { sr: { translation: { ...sr, ...catalogSr, ...pricelistsSr, ...notificationsSr, ...eofferSr } }, en: { translation: { ...en, ...catalogEn, ...pricelistsEn, ...notificationsEn, ...eofferEn } } } as const

void i18n.use(initReactI18next).init({
  resources,
  lng: getLang(),
  fallbackLng: 'sr',
  interpolation: { escapeValue: false },
  returnNull: false,
})

export default i18n
