// The product form's client rules (catalogue spec 5 and 9): sku on create, name, entry price,
// description (the text of the rich text), categories; image and sticker files.
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'
import { richTextLength } from './richText'

/** 2 MB as the server counts it */
export const MAX_IMAGE_BYTES = 2_000_000
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const MAX_EXTRA_IMAGES = 3
export const SKU_MAX = 15
export const NAME_MIN = 2
export const NAME_MAX = 1200
export const DESCRIPTION_MIN = 2
export const DESCRIPTION_MAX = 1200
export const MIN_PRICE = 0.01

export function productRules(t: TFunction, creating: boolean) {
  const required = { required: true, message: t('validation.required') }
  return {
    sku: creating ? [required, { max: SKU_MAX, message: t('validation.max', { n: SKU_MAX }) }, { whitespace: true, message: t('validation.required') }] : [],
    name: [
      required,
      { whitespace: true, message: t('validation.required') },
      { min: NAME_MIN, message: t('validation.min', { n: NAME_MIN }) },
      { max: NAME_MAX, message: t('validation.max', { n: NAME_MAX }) },
    ],
    entry_price: [
      required,
      { type: 'number', min: MIN_PRICE, message: t('catalogAdmin.validation.minNumber', { n: '0,01' }) },
    ],
    description: [
      {
        validator(_, value: string | undefined) {
          const n = richTextLength(value)
          if (n === 0) return Promise.reject(new Error(t('validation.required')))
          if (n < DESCRIPTION_MIN) return Promise.reject(new Error(t('validation.min', { n: DESCRIPTION_MIN })))
          if (n > DESCRIPTION_MAX) return Promise.reject(new Error(t('validation.max', { n: DESCRIPTION_MAX })))
          return Promise.resolve()
        },
      },
    ],
    categories: [{ required: true, type: 'array', min: 1, message: t('validation.required') }],
    stock: [{ type: 'number', min: 0, message: t('catalogAdmin.validation.minNumber', { n: 0 }) }],
    ean: [{ max: 255, message: t('validation.max', { n: 255 }) }],
    country_of_origin: [{ max: 255, message: t('validation.max', { n: 255 }) }],
  } satisfies Record<string, FormRule[]>
}

/** imageProblem: the i18n key of what is wrong with a chosen image, or null. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'validation.imageType'
  if (file.size > MAX_IMAGE_BYTES) return 'validation.imageSize'
  return null
}

/** extraImagesProblem: more extra images than allowed, counting those the product already has. */
export function extraImagesProblem(existing: number, adding: number): string | null {
  return existing + adding > MAX_EXTRA_IMAGES ? 'catalogAdmin.validation.maxImages' : null
}

/** the catalog sticker form (spec 5: type, start and end required; the end not before the start) */
export function catalogStickerRules(t: TFunction) {
  return {
    catalog_sticker_type_id: [{ required: true, message: t('catalogAdmin.validation.stickerType') }],
    from: [{ required: true, message: t('catalogAdmin.validation.stickerFrom') }],
    to: [
      { required: true, message: t('catalogAdmin.validation.stickerTo') },
      ({ getFieldValue }) => ({
        // days as YYYY-MM-DD compare as text
        validator(_, value: string | undefined) {
          const from = getFieldValue('from') as string | undefined
          if (value && from && value < from) return Promise.reject(new Error(t('catalogAdmin.validation.toBeforeFrom')))
          return Promise.resolve()
        },
      }),
    ],
  } satisfies Record<string, FormRule[]>
}
