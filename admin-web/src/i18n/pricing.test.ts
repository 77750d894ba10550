import en from './pricing.en.json'
import sr from './pricing.sr.json'
import i18n from '.'

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('pricing rules texts', () => {
  it('have the same keys in Serbian and English', () => {
    expect(keys(sr).sort()).toEqual(keys(en).sort())
  })

  it('are merged into the app resources in both languages', () => {
    expect(i18n.getFixedT('sr')('pricingRules.validation.priceRange')).toBe('Cena do mora biti veća ili jednaka ceni od')
    expect(i18n.getFixedT('en')('pricingRules.validation.priceRange')).toBe('Price to must be greater than or equal to price from')
  })
})
