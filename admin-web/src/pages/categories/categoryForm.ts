// The category form (back-office spec 5, Categories): its values, client rules, the wire body
// both ways, and its tabs.
import type { FormRule } from 'antd'
import { Perm } from '@shop/shared'
import type { TFunction } from 'i18next'
import type { CategoryBody, CategoryDetail } from '../../api/catalogTypes'
import { can, type Principal } from '../../auth/access'

export interface CategoryValues {
  name: string
  parent_id?: number | null
  prefix: string
  pdv?: number | null
  web_margin?: number | null
  retail_margin?: number | null
  dealer_margin?: number | null
  description_time?: string
  min_price?: number | null
  allowed_rebate?: number | null
  declaration_name?: string
  country_of_origin?: string
  consumer_rights?: string
  active: boolean
}

export const emptyCategory: CategoryValues = { name: '', prefix: '', active: true, parent_id: null }

export const PERCENT_MIN = 0.01
export const PERCENT_MAX = 99.99
export const PERCENT_FIELDS = ['pdv', 'web_margin', 'retail_margin', 'dealer_margin'] as const

const round2 = (n: number) => Math.round(n * 100) / 100
const num = (v: number | null | undefined) => (v === undefined || v === null ? null : round2(Number(v)))
const text = (v: string | null | undefined) => (v ?? '').trim()

export function categoryRules(t: TFunction) {
  const required = { required: true, message: t('validation.required') }
  const percent: FormRule[] = [
    required,
    { type: 'number', min: PERCENT_MIN, max: PERCENT_MAX, message: t('catalogAdmin.validation.range', { min: '0,01', max: '99,99' }) },
  ]
  return {
    name: [required, { whitespace: true, message: t('validation.required') }, { min: 2, message: t('validation.min', { n: 2 }) }, { max: 255, message: t('validation.max', { n: 255 }) }],
    prefix: [
      required,
      { min: 2, message: t('validation.min', { n: 2 }) },
      { max: 3, message: t('validation.max', { n: 3 }) },
      { pattern: /^\p{L}+$/u, message: t('catalogAdmin.validation.lettersOnly') },
    ],
    pdv: percent,
    web_margin: percent,
    retail_margin: percent,
    dealer_margin: percent,
    description_time: [required, { whitespace: true, message: t('validation.required') }, { max: 255, message: t('validation.max', { n: 255 }) }],
    min_price: [required, { type: 'number', min: 0.01, message: t('catalogAdmin.validation.minNumber', { n: '0,01' }) }],
    // a percentage above 1 and below 99,99 (the server's rule)
    allowed_rebate: [
      required,
      {
        validator(_, v: number | null | undefined) {
          if (v === undefined || v === null) return Promise.resolve()
          if (v <= 1) return Promise.reject(new Error(t('catalogAdmin.validation.greaterThan', { n: 1 })))
          if (v >= PERCENT_MAX) return Promise.reject(new Error(t('catalogAdmin.validation.lessThan', { n: '99,99' })))
          return Promise.resolve()
        },
      },
    ],
    declaration_name: [{ max: 255, message: t('validation.max', { n: 255 }) }],
    country_of_origin: [{ max: 255, message: t('validation.max', { n: 255 }) }],
  } satisfies Record<string, FormRule[]>
}

/** toCategoryBody: the form as POST/PATCH admin/categories takes it (percent numbers like 20.00). */
export function toCategoryBody(v: CategoryValues): CategoryBody {
  return {
    name: text(v.name),
    // PATCH changes only what is sent: 0 (the document's integer for "none") moves it to the top
    parent_id: v.parent_id ?? 0,
    prefix: text(v.prefix),
    pdv: num(v.pdv) ?? 0,
    web_margin: num(v.web_margin) ?? 0,
    retail_margin: num(v.retail_margin) ?? 0,
    dealer_margin: num(v.dealer_margin) ?? 0,
    description_time: text(v.description_time),
    min_price: num(v.min_price) ?? 0,
    // no null in the document: an empty rebate is left out (on PATCH: unchanged)
    allowed_rebate: num(v.allowed_rebate) ?? undefined,
    declaration_name: text(v.declaration_name),
    country_of_origin: text(v.country_of_origin),
    consumer_rights: text(v.consumer_rights),
    active: !!v.active,
  }
}

/** fromCategory: a loaded category as the form's values. */
export function fromCategory(c: CategoryDetail): CategoryValues {
  return {
    name: c.name,
    parent_id: c.parent_id ?? null,
    prefix: c.prefix,
    pdv: c.pdv ?? null,
    web_margin: c.web_margin ?? null,
    retail_margin: c.retail_margin ?? null,
    dealer_margin: c.dealer_margin ?? null,
    description_time: c.description_time,
    min_price: c.min_price ?? null,
    // the server keeps 0 for none
    allowed_rebate: c.allowed_rebate ? c.allowed_rebate : null,
    declaration_name: c.declaration?.name,
    country_of_origin: c.declaration?.country_of_origin,
    consumer_rights: c.declaration?.consumer_rights,
    active: c.active ?? true,
  }
}

export type CategoryTab = 'data' | 'attributes'

/** categoryTabs: Data always; Attributes once the category is saved. */
export function categoryTabs(creating: boolean): CategoryTab[] {
  return creating ? ['data'] : ['data', 'attributes']
}

/** canEditCategory: a new category takes create-category; changing one (and its attributes) update-category. */
export function canEditCategory(user: Principal | null | undefined, creating = false): boolean {
  return can(user, creating ? Perm.CreateCategory : Perm.UpdateCategory)
}
