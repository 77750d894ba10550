// The filter panel's fields (catalogue spec 2, "Filter panel fields"), apart from the panel itself so a
// list can name them without loading the panel.

export type FilterField =
  | 'status'
  | 'images'
  | 'attributes'
  | 'connected'
  | 'visible'
  | 'categories'
  | 'suppliers'
  | 'brands'
  | 'manufacturers'
  | 'webPrice'
  | 'entryPrice'
  | 'discounts'
  /** single-choice variants */
  | 'category'
  | 'supplier'
  | 'brand'

/** every field of the spec's list, multi-select variant */
export const ALL_FILTER_FIELDS: readonly FilterField[] = [
  'status',
  'images',
  'attributes',
  'connected',
  'visible',
  'categories',
  'suppliers',
  'brands',
  'manufacturers',
  'webPrice',
  'entryPrice',
  'discounts',
]
