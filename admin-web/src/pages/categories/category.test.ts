import i18n from '../../i18n'
import { firstError } from '../product-detail/ruleCheck'
import { valuesOfText } from './CategoryAttributesTab'
import { canEditCategory, categoryRules, categoryTabs, emptyCategory, fromCategory, toCategoryBody } from './categoryForm'
import { filterCategories } from './CategoryList'
import { flattenCategories, treeSelectData } from './categoryTree'
import type { CategoryDetail } from '../../api/catalogTypes'

/** category: an answer's category with the fields a test leaves out at their zero values */
function category(c: Partial<CategoryDetail> & Pick<CategoryDetail, 'id' | 'name'>): CategoryDetail {
  return {
    active: true, allowed_rebate: 0, dealer_margin: 0, retail_margin: 0, web_margin: 0, pdv: 0, min_price: 0,
    declaration: { name: '', country_of_origin: '', consumer_rights: '' }, description_time: '', image: null,
    level: 0, parent_id: null, position: 0, prefix: '', slug: '', ...c,
  }
}

const t = i18n.getFixedT('sr')

describe('category form rules', () => {
  const r = categoryRules(t)

  it('name 2-255, required', async () => {
    expect(await firstError(r.name, '')).toBe('Polje je obavezno')
    expect(await firstError(r.name, 'A')).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(r.name, 'A'.repeat(256))).toBe('Polje može sadržati maksimum 255 karaktera')
    expect(await firstError(r.name, 'Računari')).toBeNull()
  })

  it('prefix: letters only, 2-3', async () => {
    expect(await firstError(r.prefix, '')).toBe('Polje je obavezno')
    expect(await firstError(r.prefix, 'R')).toBe('Polje mora sadržati minimum 2 karaktera')
    expect(await firstError(r.prefix, 'RACU')).toBe('Polje može sadržati maksimum 3 karaktera')
    expect(await firstError(r.prefix, 'R1')).toBe('Polje može sadržati samo slova')
    expect(await firstError(r.prefix, 'ŠĆ')).toBeNull()
  })

  it('VAT and margins: 0.01 to 99.99, required', async () => {
    for (const f of [r.pdv, r.web_margin, r.retail_margin, r.dealer_margin]) {
      expect(await firstError(f, undefined)).toBe('Polje je obavezno')
      expect(await firstError(f, 0)).toBe('Broj mora biti između 0,01 i 99,99')
      expect(await firstError(f, 100)).toBe('Broj mora biti između 0,01 i 99,99')
      expect(await firstError(f, 20)).toBeNull()
      expect(await firstError(f, 99.99)).toBeNull()
    }
  })

  it('description time required, min price at least 0.01, allowed rebate required, above 1 and below 99.99', async () => {
    expect(await firstError(r.description_time, '  ')).toBe('Polje je obavezno')
    expect(await firstError(r.min_price, 0)).toBe('Broj mora biti najmanje 0,01')
    expect(await firstError(r.min_price, 0.01)).toBeNull()
    expect(await firstError(r.allowed_rebate, 1)).toBe('Broj mora biti veći od 1')
    expect(await firstError(r.allowed_rebate, 1.5)).toBeNull()
    expect(await firstError(r.allowed_rebate, 99.99)).toBe('Broj mora biti manji od 99,99')
    expect(await firstError(r.allowed_rebate, null)).toBe('Polje je obavezno')
  })
})

describe('category payload', () => {
  it('sends percent numbers with 2 decimals and the declaration flat', () => {
    expect(
      toCategoryBody({
        ...emptyCategory,
        name: ' TV ',
        prefix: 'TV',
        pdv: 20,
        web_margin: 12.345,
        retail_margin: 18,
        dealer_margin: 6,
        description_time: '3-5 dana',
        min_price: 1000,
        declaration_name: 'Televizor',
        country_of_origin: 'Kina',
        consumer_rights: 'Reklamacije u roku od 2 godine',
      }),
    ).toEqual({
      name: 'TV',
      parent_id: 0,
      prefix: 'TV',
      pdv: 20,
      web_margin: 12.35,
      retail_margin: 18,
      dealer_margin: 6,
      description_time: '3-5 dana',
      min_price: 1000,
      allowed_rebate: undefined,
      declaration_name: 'Televizor',
      country_of_origin: 'Kina',
      consumer_rights: 'Reklamacije u roku od 2 godine',
      active: true,
    })
  })

  it('a loaded category fills the form from its nested declaration', () => {
    const v = fromCategory(category({
      id: 3,
      name: 'Laptopovi',
      parent_id: 1,
      prefix: 'LAP',
      pdv: 20,
      web_margin: 10,
      retail_margin: 15,
      dealer_margin: 5,
      description_time: '2 dana',
      min_price: 500,
      allowed_rebate: 0,
      declaration: { name: 'Laptop', country_of_origin: 'Kina', consumer_rights: 'Da' },
      active: false,
    }))
    expect(v).toMatchObject({ parent_id: 1, allowed_rebate: null, declaration_name: 'Laptop', country_of_origin: 'Kina', consumer_rights: 'Da', active: false })
    expect(toCategoryBody(v)).toMatchObject({ parent_id: 1, pdv: 20, declaration_name: 'Laptop', allowed_rebate: undefined })
  })

  it('new attribute values: one per line, trimmed, no blanks or repeats', () => {
    expect(valuesOfText(' Crna \n\nBela\nCrna\n')).toEqual(['Crna', 'Bela'])
    expect(valuesOfText(undefined)).toEqual([])
  })
})

describe('category tabs and rights', () => {
  it('attributes only for a saved category; writing needs create-category', () => {
    expect(categoryTabs(true)).toEqual(['data'])
    expect(categoryTabs(false)).toEqual(['data', 'attributes'])
    expect(canEditCategory({ permissions: ['view-category'] })).toBe(false)
    expect(canEditCategory({ permissions: ['view-category', 'create-category'] }, true)).toBe(true)
    expect(canEditCategory({ permissions: ['view-category', 'create-category'] })).toBe(false)
    expect(canEditCategory({ permissions: ['view-category', 'update-category'] })).toBe(true)
    expect(canEditCategory({ roles: ['super-admin'] })).toBe(true)
  })
})

describe('category tree', () => {
  const tree = [
    category({
      id: 1,
      name: 'TV',
      subcategories: [category({ id: 2, name: 'Televizori', parent_id: 1, subcategories: [category({ id: 3, name: 'OLED', parent_id: 2 })] })],
    }),
    category({ id: 4, name: 'Računari' }),
    // the same category again as its own row (an answer with every category)
    category({ id: 2, name: 'Televizori', parent_id: 1 }),
  ]

  it('flattens in tree order with depth and path, each category once', () => {
    const rows = flattenCategories(tree)
    expect(rows.map((r) => [r.id, r.depth, r.path.join(' › ')])).toEqual([
      [4, 0, 'Računari'],
      [1, 0, 'TV'],
      [2, 1, 'TV › Televizori'],
      [3, 2, 'TV › Televizori › OLED'],
    ])
    expect(rows.find((r) => r.id === 3)?.parentName).toBe('Televizori')
  })

  it('a parent picker leaves out the category itself and its subtree', () => {
    const data = treeSelectData(tree, 2)
    expect(JSON.stringify(data)).not.toContain('"value":2')
    expect(JSON.stringify(data)).not.toContain('"value":3')
    expect(data.map((n) => n.value)).toEqual([4, 1])
  })

  it('search folds diacritics and looks at the path', () => {
    const rows = flattenCategories(tree)
    expect(filterCategories(rows, 'racunari').map((r) => r.id)).toEqual([4])
    expect(filterCategories(rows, 'televizori').map((r) => r.id)).toEqual([2, 3])
  })
})
