// The discount forms' client rules (catalogue spec 5 "Discount", back-office 4 "Discount type"),
// the same as the server's: a type name 2-255; a discount's type, its fixed price (at least 0.01,
// 'Fiksna akcijska cena je obavezno polje') or its percentage (0.01-99.99) by the type's flag,
// from and to required, to not before from.
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'
import type { DiscountBody, DiscountTypeRow } from '../../hooks/api/discounts'

export function discountTypeRules(t: TFunction) {
  return {
    name: [
      { required: true, whitespace: true, message: t('validation.required') },
      { min: 2, message: t('validation.min', { n: 2 }) },
      { max: 255, message: t('validation.max', { n: 255 }) },
    ],
    text: [{ max: 255, message: t('validation.max', { n: 255 }) }],
    color: [{ max: 32, message: t('validation.max', { n: 32 }) }],
  } satisfies Record<string, FormRule[]>
}

const k = (key: string) => `discounts.tab.${key}`

export function discountRules(t: TFunction) {
  return {
    discount_type_id: [{ required: true, message: t(k('typeRequired')) }],
    price: [
      { required: true, message: t(k('priceRequired')) },
      { type: 'number', min: 0.01, message: t(k('priceMin')) },
    ],
    percentage: [
      { required: true, message: t(k('percentageRequired')) },
      { type: 'number', min: 0.01, max: 99.99, message: t(k('percentageRange')) },
    ],
    from: [{ required: true, message: t(k('fromRequired')) }],
    to: [
      { required: true, message: t(k('toRequired')) },
      ({ getFieldValue }) => ({
        // days as YYYY-MM-DD compare as text
        validator(_, value: string | undefined) {
          const from = getFieldValue('from') as string | undefined
          if (value && from && value < from) return Promise.reject(new Error(t(k('toBeforeFrom'))))
          return Promise.resolve()
        },
      }),
    ],
  } satisfies Record<string, FormRule[]>
}

export interface DiscountValues {
  discount_type_id?: number
  price?: number
  percentage?: number
  /** YYYY-MM-DD (DayPicker) */
  from?: string
  to?: string
}

/** isPercentageType: whether the chosen type takes a percentage (else a fixed price). */
export function isPercentageType(types: readonly DiscountTypeRow[] | undefined, id: number | undefined): boolean {
  return !!types?.find((x) => x.id === id)?.is_percentage
}

/** toDiscountBody: the form's values as the API takes them; only the amount the type uses goes. */
export function toDiscountBody(v: DiscountValues, percentageType: boolean): DiscountBody {
  return {
    discount_type_id: Number(v.discount_type_id),
    ...(percentageType ? { percentage: v.percentage } : { price: v.price }),
    from: v.from ?? '',
    to: v.to ?? '',
  }
}
