// Test set-up: DOM matchers, the real i18n resources (Serbian), and a clean browser state
// (storage, cookies, language) after every test.
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import i18n from '../i18n'

// jsdom does not implement scrolling; like current Chromium, scrollTo answers a promise.
window.scrollTo = vi.fn(() => Promise.resolve()) as unknown as typeof window.scrollTo

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

afterEach(async () => {
  cleanup()
  localStorage.clear()
  clearCookies()
  vi.unstubAllGlobals()
  await i18n.changeLanguage('sr')
})
