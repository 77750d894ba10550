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
const SPEC_TYPES = [
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

/** the staff's entry types: roles, users, the customers' voice, the newsletter, brands, API clients, banners, news, the home screen, static pages, categories, attributes, landing pages, actions, product stickers, category margins, price lists, discount types, orders */
export const STAFF_ACTIVITY_TYPES = [
  'role.created',
  'role.updated',
  'role.deleted',
  'user.created',
  'user.registered',
  'user.updated',
  'user.deleted',
  'user.deactivated',
  'user.reactivated',
  'user.avatar_updated',
  'rating.created',
  'rating.approved',
  'rating.disapproved',
  'rating.deleted',
  'rating.restored',
  'question.created',
  'question.answered',
  'question.updated',
  'question.deleted',
  'price_offer.created',
  'price_offer.updated',
  'contact_message.deleted',
  'newsletter_product.added',
  'newsletter_product.removed',
  'newsletter_product.reordered',
  'brand.created',
  'brand.updated',
  'brand.deleted',
  'api_client.created',
  'api_client.updated',
  'api_client.rotated',
  'banner.created',
  'banner.updated',
  'banner.deleted',
  'news.created',
  'news.updated',
  'news.deleted',
  'home.products_set',
  'home.categories_set',
  'home_section.created',
  'home_section.updated',
  'home_section.deleted',
  'page.updated',
  'category.created',
  'category.updated',
  'category.deleted',
  'attribute.created',
  'attribute.updated',
  'landing_page.created',
  'landing_page.updated',
  'landing_page.deleted',
  'catalog_sticker_type.created',
  'catalog_sticker_type.updated',
  'product.catalog_sticker_added',
  'product.catalog_sticker_removed',
  'category_link.created',
  'category_link.deleted',
  'pricelist_product.connected',
  'pricelist_product.disconnected',
  'supplier.pricelist_uploaded',
  'supplier.header_mapping_updated',
  'discount_type.created',
  'discount_type.updated',
  'discount_type.deleted',
  'order.placed',
  'order.updated',
  'order.status_changed',
  'order.returned',
  'order.einvoice_issued',
  'order.einvoice_cancelled',
  'order.einvoice_storno',
  'order_note.created',
  'order_note.sent',
  'order_note.updated',
  'order_note.deleted',
  'order_attachment.created',
  'order_attachment.deleted',
]

/** the entry types of the activity log (back-office spec 3 and the staff capabilities) */
export const ACTIVITY_TYPES = [...SPEC_TYPES, ...STAFF_ACTIVITY_TYPES]

/** the kinds of subject the log names (an entry type's first part) */
export const SUBJECT_TYPES = [...new Set(ACTIVITY_TYPES.map((t) => t.slice(0, t.indexOf('.'))))]

/** typeKey: the i18n key of an entry type ('product.created' -> '…types.product_created') */
export const typeKey = (type: string) =>
  pricingRuleActivityKey(type) ??
  invoiceActivityKey(type) ??
  (STAFF_ACTIVITY_TYPES.includes(type) ? `staff.activityTypes.${type.replace('.', '_')}` : `catalogAdmin.activity.types.${type.replace('.', '_')}`)

type Translate = (key: string, options?: Record<string, unknown>) => string

const words = (s: string) => s.replace(/_/g, ' ')

/** subjectLabel: a subject kind in the admin's words ('order' -> 'Porudžbina'). */
export const subjectLabel = (t: Translate, type: string) => t(`staff.activitySubjects.${type}`, { defaultValue: words(type) })

/** subjectText: the subject column ('order', 13 -> 'Porudžbina br. 13'). */
export const subjectText = (t: Translate, type: string, id?: number | null) =>
  id ? t('staff.activitySubject', { subject: subjectLabel(t, type), id }) : subjectLabel(t, type)

/** fieldLabel: a changed field's name in the admin's words ('cancel_reason' -> 'Razlog otkazivanja'). */
export const fieldLabel = (t: Translate, key: string) => t(`staff.activityFields.${key}`, { defaultValue: words(key) })

/** valueText: a value as the screens show it: an order's status and cancel reason by their labels, yes/no for flags. */
export function valueText(t: Translate, subjectType: string | undefined, key: string, value: string): string {
  if (value === '') return value
  if (value === 'true') return t('staff.activityYes')
  if (value === 'false') return t('staff.activityNo')
  if (subjectType === 'order' && key === 'status') return t(`orders.statuses.${value}`, { defaultValue: value })
  if (subjectType === 'order' && key === 'cancel_reason') return t(`orders.reasons.${value}`, { defaultValue: value })
  return value
}
