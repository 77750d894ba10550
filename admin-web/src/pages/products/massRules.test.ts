import { emptyFilters } from '../../lists/productQuery'
import { chosenCategory, gateMassAction } from './massRules'

const none = { ids: [], allFiltered: false }
const some = { ids: [1, 2], allFiltered: false }
const all = { ids: [], allFiltered: true }
const noCategory = emptyFilters()
const withCategory = { ...emptyFilters(), categories: [7] }

describe('mass dialogs: select-first rules', () => {
  it('refuse a change with nothing chosen', () => {
    for (const a of ['description', 'discount', 'energySticker', 'catalogSticker'] as const) {
      expect(gateMassAction(a, none, noCategory)).toEqual({ ok: false, message: 'selectFirst', openCategoryFilter: false })
    }
  })

  it('let it through with chosen ids or the whole filtered list', () => {
    expect(gateMassAction('description', some, noCategory)).toEqual({ ok: true })
    expect(gateMassAction('catalogSticker', all, noCategory)).toEqual({ ok: true })
  })

  it('the category move also needs one chosen category, and asks for the filter panel without it', () => {
    expect(gateMassAction('transfer', some, noCategory)).toEqual({ ok: false, message: 'selectFirstAndCategory', openCategoryFilter: true })
    expect(gateMassAction('transfer', none, noCategory)).toEqual({ ok: false, message: 'selectFirstAndCategory', openCategoryFilter: true })
    expect(gateMassAction('transfer', none, withCategory)).toEqual({ ok: false, message: 'selectFirstAndCategory', openCategoryFilter: false })
    expect(gateMassAction('transfer', some, withCategory)).toEqual({ ok: true })
    expect(gateMassAction('attributes', some, { ...emptyFilters(), category: 3 })).toEqual({ ok: true })
    expect(gateMassAction('attributes', some, noCategory)).toMatchObject({ ok: false, openCategoryFilter: true })
  })

  it('a category filter is one category: the single select or a one-entry list', () => {
    expect(chosenCategory({ categories: [4], category: undefined })).toBe(4)
    expect(chosenCategory({ categories: [4, 5], category: undefined })).toBeUndefined()
    expect(chosenCategory({ categories: [4, 5], category: 9 })).toBe(9)
  })
})
