// Client rules of attributes and their values (catalogue spec 5: value required, 1-255).
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'

export function attributeValueRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { max: 255, message: t('validation.max', { n: 255 }) },
  ]
}

export function attributeNameRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { min: 2, message: t('validation.min', { n: 2 }) },
    { max: 255, message: t('validation.max', { n: 255 }) },
  ]
}
