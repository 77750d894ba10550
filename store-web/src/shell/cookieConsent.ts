// The visitor's answer to the cookie notice, kept in localStorage and in a cookie (either one
// is enough, so clearing one of the two does not bring the notice back).
import { readCookie, writeCookie } from '@shop/shared'

export const CONSENT_KEY = 'cookie_consent'

export function hasCookieConsent(): boolean {
  return localStorage.getItem(CONSENT_KEY) === '1' || readCookie(CONSENT_KEY) === '1'
}

export function giveCookieConsent(): void {
  localStorage.setItem(CONSENT_KEY, '1')
  writeCookie(CONSENT_KEY, '1', 365)
}
