// The activity log's old and new values side by side: both sides' keys in one list, each with
// its old and new text and whether it changed. A rich-text description shows as its text.
import { richTextToPlain } from '../product-detail/richText'
import { INVOICE_ACTIVITY_TYPES, invoiceActivityKey } from '../invoices/activityTypes'
import { PRICING_RULE_SUBJECTS, pricingRuleActivityKey } from '../pricing-rules/activityTypes'

export interface ValueRow {
  key: string
  old: string
  new: string
  changed: boolean
}

/** asObject: an entry's values as an object (they may come as an object, JSON text or nothing). */
export function asObject(v: unknown): Record<string, unknown> | null {
  if (v === null || v === undefined || v === '') return null
  if (typeof v === 'string') {
    try {
      return asObject(JSON.parse(v))
    } catch {
      return { value: v }
    }
  }
  if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  return { value: v }
}

function show(v: unknown): string {
  if (v === undefined) return ''
  if (v === null) return 'null'
  if (typeof v === 'object') return JSON.stringify(v)
  if (typeof v === 'string' && v.startsWith('{"root"')) return richTextToPlain(v)
  return String(v)
}

/** valueRows: one row per key of either side, in the order they first appear. */
export function valueRows(oldValues: unknown, newValues: unknown): ValueRow[] {
  const o = asObject(oldValues) ?? {}
  const n = asObject(newValues) ?? {}
  const keys = [...new Set([...Object.keys(o), ...Object.keys(n)])]
  return keys.map((key) => {
    const a = show(o[key])
    const b = show(n[key])
    return { key, old: a, new: b, changed: a !== b }
  })
}

/** the entry types of the activity log (back-office spec 3) */
export const ACTIVITY_TYPES = [
  'product',
  'discount',
  'category_attribute',
  'category_attribute_value',
  'product_attribute',
  'product_attribute_value',
  'product_image',
  ...PRICING_RULE_SUBJECTS,
]
  .flatMap((s) => ['created', 'updated', 'deleted'].map((e) => `${s}.${e}`))
  .concat(INVOICE_ACTIVITY_TYPES)

/** typeKey: the i18n key of an entry type ('product.created' -> '…types.product_created') */
export const typeKey = (type: string) =>
  pricingRuleActivityKey(type) ?? invoiceActivityKey(type) ?? `catalogAdmin.activity.types.${type.replace('.', '_')}`
