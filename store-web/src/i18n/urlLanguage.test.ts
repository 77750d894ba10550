import { getLang, setLang } from '@shop/shared'
import { describe, expect, it, vi } from 'vitest'
import { applyUrlLanguage } from './urlLanguage'

const at = (url: string) => window.history.replaceState(null, '', url)
const cookie = () => /(?:^|; )lang=([^;]*)/.exec(document.cookie)?.[1]

describe('applyUrlLanguage', () => {
  it('?lang=en on the first load: English stored, the cookie set, the Serbian URL kept without it', () => {
    at('/kategorije/frizideri?brands=7&lang=en#top')
    expect(applyUrlLanguage()).toBe('en')
    expect(getLang()).toBe('en')
    expect(cookie()).toBe('en')
    expect(window.location.pathname).toBe('/kategorije/frizideri')
    expect(window.location.search).toBe('?brands=7')
    expect(window.location.hash).toBe('#top')
  })

  it('?lang=sr wins over a stored English choice', () => {
    setLang('en')
    at('/akcije?lang=sr')
    expect(applyUrlLanguage()).toBe('sr')
    expect(getLang()).toBe('sr')
    expect(cookie()).toBe('sr')
    expect(window.location.search).toBe('')
  })

  it('without ?lang (or with an unknown one) the stored choice stays and the cookie follows it', () => {
    setLang('en')
    at('/vesti')
    expect(applyUrlLanguage()).toBe('en')
    expect(cookie()).toBe('en')
    at('/vesti?lang=de&page=2')
    expect(applyUrlLanguage()).toBe('en')
    expect(window.location.search).toBe('?page=2')
  })

  it('the app starts in the language the address names', async () => {
    at('/o-nama?lang=en')
    vi.resetModules()
    const { default: fresh } = await import('./index')
    expect(fresh.language).toBe('en')
    expect(fresh.t('category.sort')).toBe('Sort by')
    expect(document.documentElement.lang).toBe('en')
    expect(window.location.search).toBe('')
  })
})
