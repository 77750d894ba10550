// The mass dialogs' select-first rules (catalogue spec 5): a mass change needs chosen products
// (ids, or the whole filtered list); the category move and the attribute change also need one
// chosen category filter, and closing their refusal opens the filter panel at the category.
import type { ProductFilters } from '../../lists/productQuery'

export const MASS_ACTIONS = ['description', 'discount', 'attributes', 'transfer', 'energySticker', 'catalogSticker'] as const
export type MassAction = (typeof MASS_ACTIONS)[number]

/** the actions the menu offers: all of them */
export const OFFERED_MASS_ACTIONS: readonly MassAction[] = MASS_ACTIONS

/** the actions that work within one category */
export const NEEDS_CATEGORY: readonly MassAction[] = ['attributes', 'transfer']

export interface Selection {
  ids: number[]
  /** every product of the filtered list (the filter goes as the mass call's query) */
  allFiltered: boolean
}

export type Gate =
  | { ok: true }
  | { ok: false; message: 'selectFirst' | 'selectFirstAndCategory'; openCategoryFilter: boolean }

/** chosenCategory: the one category the filters name (the single select, or a one-entry list). */
export function chosenCategory(f: Pick<ProductFilters, 'category' | 'categories'>): number | undefined {
  if (f.category !== undefined) return f.category
  return f.categories.length === 1 ? f.categories[0] : undefined
}

export function gateMassAction(action: MassAction, sel: Selection, f: Pick<ProductFilters, 'category' | 'categories'>): Gate {
  const chosen = sel.allFiltered || sel.ids.length > 0
  if (NEEDS_CATEGORY.includes(action)) {
    const category = chosenCategory(f)
    if (!chosen || category === undefined) {
      return { ok: false, message: 'selectFirstAndCategory', openCategoryFilter: category === undefined }
    }
    return { ok: true }
  }
  return chosen ? { ok: true } : { ok: false, message: 'selectFirst', openCategoryFilter: false }
}
