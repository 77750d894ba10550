// Test set-up: every text of both languages (the app loads them as it needs them, so modules and
// tests that read texts at import time find them here), and the browser parts jsdom lacks that antd uses.
import { configure } from '@testing-library/react'
import i18n, { loadAllTexts } from './i18n'

await loadAllTexts()

// antd forms validate asynchronously; on a busy two-core CI machine 1 s (the default) is short
configure({ asyncUtilTimeout: 5000 })

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
})

// jsdom does not implement getComputedStyle for pseudo-elements (antd asks for scrollbars)
const computed = window.getComputedStyle.bind(window)
window.getComputedStyle = (el: Element) => computed(el)

beforeEach(async () => {
  localStorage.clear()
  await i18n.changeLanguage('sr')
})
