// The pricing rules' forms (back-office spec 5 and 9): their values, client rules (the server's,
// with its messages) and the bodies they send. Percentages and money are numbers with two
// decimals; an empty optional field is null ("any" supplier, brand, category; an open bound).
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'
import type { AuthDiscount, AuthDiscountBody, RecommendedPrice, RecommendedPriceBody, WebMargin, WebMarginBody } from '../../api/pricingTypes'

export const PERCENT_MIN = 0.01
export const PERCENT_MAX = 99.99
export const LOWER_MAX = 100

type Id = number | null | undefined
type Num = number | null | undefined

/** ScopeValues: the products a web margin or an authenticated discount applies to */
export interface ScopeValues {
  category_id?: Id
  supplier_id?: Id
  brand_id?: Id
  price_from?: Num
  price_to?: Num
}

export interface WebMarginValues extends ScopeValues {
  margin?: Num
}

export interface RecommendedPriceValues {
  name: string
  manufacturer_id?: Id
  categories: number[]
  lower?: Num
}

export interface AuthDiscountValues extends ScopeValues {
  name: string
  discount?: Num
}

const round2 = (n: number) => Math.round(n * 100) / 100
const num = (v: Num) => (v === undefined || v === null ? null : round2(Number(v)))
const id = (v: Id) => (v ? v : null)

/** ruleRules: every rule field's client rules, with the server's messages */
export function ruleRules(t: TFunction) {
  const required = { required: true, message: t('validation.required') }
  const percent = (min: number, max: number, fmt: [string, string]): FormRule => ({
    type: 'number',
    min,
    max,
    message: t('pricingRules.validation.range', { min: fmt[0], max: fmt[1] }),
  })
  const notNegative: FormRule = { type: 'number', min: 0, message: t('pricingRules.validation.notNegative') }
  return {
    name: [required, { whitespace: true, message: t('validation.required') }, { min: 2, message: t('validation.min', { n: 2 }) }, { max: 255, message: t('validation.max', { n: 255 }) }],
    category_id: [required],
    manufacturer_id: [required],
    margin: [required, percent(PERCENT_MIN, PERCENT_MAX, ['0,01', '99,99'])],
    discount: [required, percent(PERCENT_MIN, PERCENT_MAX, ['0,01', '99,99'])],
    lower: [percent(0, LOWER_MAX, ['0', '100'])],
    price_from: [notNegative],
    price_to: [
      notNegative,
      ({ getFieldValue }) => ({
        validator(_, v: Num) {
          const from = getFieldValue('price_from') as Num
          if (v === null || v === undefined || from === null || from === undefined) return Promise.resolve()
          return Number(v) >= Number(from) ? Promise.resolve() : Promise.reject(new Error(t('pricingRules.validation.priceRange')))
        },
      }),
    ],
  } satisfies Record<string, FormRule[]>
}

/** EMPTY_SCOPE: a new rule's scope, every field "any" or open */
export const EMPTY_SCOPE: ScopeValues = { category_id: null, supplier_id: null, brand_id: null, price_from: null, price_to: null }

// The bodies carry null for "any"/"open": POST reads it as absent, PATCH as "clear it".
function toScopeBody(v: ScopeValues) {
  return { category_id: id(v.category_id), supplier_id: id(v.supplier_id), brand_id: id(v.brand_id), price_from: num(v.price_from), price_to: num(v.price_to) }
}

function fromScope(r: ScopeValues): ScopeValues {
  return { category_id: r.category_id ?? null, supplier_id: r.supplier_id ?? null, brand_id: r.brand_id ?? null, price_from: r.price_from ?? null, price_to: r.price_to ?? null }
}

export function toWebMarginBody(v: WebMarginValues): WebMarginBody {
  return { ...toScopeBody(v), margin: num(v.margin) } as unknown as WebMarginBody
}

export function fromWebMargin(m: WebMargin): WebMarginValues {
  return { ...fromScope(m), margin: m.margin }
}

export function toRecommendedPriceBody(v: RecommendedPriceValues): RecommendedPriceBody {
  return { name: v.name.trim(), manufacturer_id: id(v.manufacturer_id), categories: v.categories ?? [], lower: num(v.lower) ?? 0 } as unknown as RecommendedPriceBody
}

export function fromRecommendedPrice(r: RecommendedPrice): RecommendedPriceValues {
  return { name: r.name, manufacturer_id: r.manufacturer_id, categories: r.categories.map((c) => c.id).filter(Boolean), lower: r.lower }
}

export function toAuthDiscountBody(v: AuthDiscountValues): AuthDiscountBody {
  return { name: v.name.trim(), ...toScopeBody(v), discount: num(v.discount) } as unknown as AuthDiscountBody
}

export function fromAuthDiscount(d: AuthDiscount): AuthDiscountValues {
  return { name: d.name, ...fromScope(d), discount: d.discount }
}
