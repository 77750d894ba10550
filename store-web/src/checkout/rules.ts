// Client rules of the purchase completion and the address form (the server's, spec 5 and
// docs/sales.md "Checkout"): post code 5 digits, phone 6-15 digits with + ( ) / . - and
// spaces, PIB with its check digit, note at most 2000 characters.
import { maxLength, minLength, required, type Rule } from '../forms/validation'
import { validPIB } from './pib'

export const postCode: Rule = (v) => (v.trim() !== '' && !/^\d{5}$/.test(v.trim()) ? { key: 'checkout.errors.postCode' } : null)

export const phone: Rule = (v) => {
  const s = v.trim()
  if (s === '') return null
  const digits = s.replace(/\D/g, '').length
  return /^\+?[0-9 ()/.-]+$/.test(s) && digits >= 6 && digits <= 15 ? null : { key: 'checkout.errors.phone' }
}

export const pib: Rule = (v) => (v.trim() !== '' && !validPIB(v.trim()) ? { key: 'checkout.errors.pib' } : null)

export const NOTE_MAX = 2000

export const addressRules = {
  name: [required, minLength(2), maxLength(255)],
  address: [required, minLength(2), maxLength(255)],
  city: [required, minLength(2), maxLength(255)],
  post_code: [required, postCode],
  phone: [required, phone],
} satisfies Record<string, Rule[]>
