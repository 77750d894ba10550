// What the admin loads of its texts: the active language's core texts before
// the first screen, the back office's area texts with its layout, the other language on a switch.
import { AREAS, LANGS } from '.'

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

const files = import.meta.glob<{ default: object }>('./*.*.json', { eager: true })

describe('area texts', () => {
  it('are listed in AREAS, one file per language each', () => {
    const found = Object.keys(files).map((f) => f.replace(/^\.\//, '').replace(/\.json$/, ''))
    expect(found.sort()).toEqual(AREAS.flatMap((a) => LANGS.map((l) => `${a}.${l}`)).sort())
  })

  it.each(AREAS)('%s has the same keys in Serbian and English', (area) => {
    expect(keys(files[`./${area}.sr.json`].default).sort()).toEqual(keys(files[`./${area}.en.json`].default).sort())
  })
})

describe('loading the texts', () => {
  // a fresh i18next with this module as the app starts it (test-setup loaded everything into the shared one)
  async function fresh() {
    vi.resetModules()
    localStorage.clear()
    const mod = await import('.')
    await mod.i18nReady
    return mod
  }

  it('starts with the Serbian core texts only; the layout adds the area texts; a switch loads English with them', async () => {
    const { default: i18n, loadAreaTexts } = await fresh()
    expect(i18n.language).toBe('sr')
    expect(i18n.hasResourceBundle('sr', 'translation')).toBe(true)
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false)
    expect(i18n.t('login.submit')).toBe('Prijavi se')
    expect(i18n.exists('catalogAdmin.product.notFound')).toBe(false)

    await loadAreaTexts()
    expect(i18n.t('catalogAdmin.product.notFound')).toBe('Proizvod ne postoji ili je izbrisan.')
    expect(i18n.t('common.noData')).toBe('Nema podataka')

    await i18n.changeLanguage('en')
    expect(i18n.t('errors.server')).toBe('There was a server error, please try again.')
    expect(i18n.exists('catalogAdmin.product.notFound')).toBe(true)
    expect(i18n.t('catalogAdmin.product.notFound')).not.toBe('Proizvod ne postoji ili je izbrisan.')
  })

  it('a language switched to on the login page gets the area texts with the layout too', async () => {
    const { default: i18n, loadAreaTexts } = await fresh()
    await i18n.changeLanguage('en')
    expect(i18n.exists('catalogAdmin.product.notFound')).toBe(false)
    await loadAreaTexts()
    expect(i18n.exists('catalogAdmin.product.notFound')).toBe(true)
    await i18n.changeLanguage('sr')
    expect(i18n.t('catalogAdmin.product.notFound')).toBe('Proizvod ne postoji ili je izbrisan.')
  })
})
