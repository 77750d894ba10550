import { switchLanguage } from './language'
import { getLang } from './session'

describe('switchLanguage', () => {
  beforeEach(() => localStorage.clear())

  it('stores the choice, marks the page, switches the texts, then refetches', async () => {
    const steps: string[] = []
    const i18n = {
      language: 'sr',
      changeLanguage: async (l: string) => {
        steps.push(`texts ${l} (stored ${getLang()}, page ${document.documentElement.lang})`)
        i18n.language = l
      },
    }
    await switchLanguage('en', i18n, async () => {
      steps.push(`refetch in ${i18n.language}`)
    })
    expect(steps).toEqual(['texts en (stored en, page en)', 'refetch in en'])
    expect(getLang()).toBe('en')
  })

  it('does nothing for the current language', async () => {
    let refetched = false
    await switchLanguage('sr', { language: 'sr', changeLanguage: async () => undefined }, () => {
      refetched = true
    })
    expect(refetched).toBe(false)
    expect(localStorage.getItem('language')).toBeNull()
  })
})
