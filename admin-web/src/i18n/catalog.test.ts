import en from './catalog.en.json'
import sr from './catalog.sr.json'
import i18n from '.'

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('catalogue texts', () => {
  it('have the same keys in Serbian and English', () => {
    expect(keys(sr).sort()).toEqual(keys(en).sort())
  })

  it('are merged into the app resources and keep the texts the specification quotes', () => {
    const t = i18n.getFixedT('sr')
    expect(t('catalogAdmin.validation.maxImages')).toBe('Možete dodati najviše 3 slike')
    expect(t('catalogAdmin.validation.stickerType')).toBe('Tip akcije je obavezan')
    expect(t('catalogAdmin.validation.stickerFrom')).toBe('Početak akcije je obavezan')
    expect(t('catalogAdmin.validation.stickerTo')).toBe('Završetak akcije je obavezan')
    expect(t('catalogAdmin.product.notFound')).toBe('Proizvod ne postoji ili je izbrisan.')
    // the app's own texts are still there
    expect(t('common.noData')).toBe('Nema podataka')
  })
})
