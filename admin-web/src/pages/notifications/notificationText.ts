// How a notification reads, by its type (spec 3: PricelistUploaded, CategoriesUploaded,
// CategoriesNotMapped, ImportFinished; the mass sticker jobs' StickersDone and StickersFailed;
// PricesRecomputed from the pricing job; NewOrder from a checkout, with a link to the order; the mass discount's DiscountsDone and DiscountsFailed; EponudaPricesApplied from the e-ponuda apply; anything else is shown as an error). The text is the
// admin's own, in the chosen language, filled from data; where data lacks the fields a text
// needs, the producer's message (data.message) stands in.
import type { TFunction } from 'i18next'
import { formatMoney } from '../../format'
import type { Notification, NotificationData } from '../../hooks/api/notifications'
import { href, screens } from '../../screens'

export const KNOWN_TYPES = ['PricelistUploaded', 'CategoriesUploaded', 'CategoriesNotMapped', 'ImportFinished', 'StickersDone', 'PricesRecomputed', 'DiscountsDone', 'EponudaPricesApplied', 'NewOrder'] as const

export interface NotificationView {
  /** error: a type the admin does not know (a failure, e.g. ImportFailed) */
  kind: 'info' | 'error'
  text: string
  /** the admin screen the notification is about (a path under the admin's router) */
  link?: string
}

const k = (key: string) => `notifications.text_${key}`

function pricelistOf(d: NotificationData) {
  const p = d.pricelist
  return p?.file_name && p.supplier ? { file: p.file_name, supplier: p.supplier } : null
}

export function notificationView(n: Pick<Notification, 'type' | 'data'>, t: TFunction): NotificationView {
  const d: NotificationData = n.data ?? {}
  const message = typeof d.message === 'string' && d.message !== '' ? d.message : undefined
  const pl = pricelistOf(d)
  const info = (text: string): NotificationView => ({ kind: 'info', text })
  switch (n.type) {
    case 'PricelistUploaded':
      return info(pl ? t(k('pricelistUploaded'), pl) : (message ?? t(k('pricelistUploadedShort'))))
    case 'ImportFinished': {
      const c = d.counts ?? {}
      if (pl) {
        return info(
          t(k('importFinished'), {
            ...pl,
            rows: c.rows ?? 0,
            created: c.created ?? 0,
            updated: c.updated ?? 0,
            unchanged: c.unchanged ?? 0,
            rejected: c.rejected ?? 0,
          }),
        )
      }
      if (d.category?.name) return info(t(k('productsImportFinished'), { category: d.category.name, created: c.created ?? 0 }))
      return info(message ?? t(k('importFinishedShort')))
    }
    case 'CategoriesNotMapped': {
      const names = (d.categories ?? []).filter((c) => typeof c === 'string' && c !== '')
      if (names.length === 0 && message) return info(message)
      const categories = names.join(', ')
      const supplier = d.pricelist?.supplier
      return info(supplier ? t(k('categoriesNotMapped'), { supplier, categories }) : t(k('categoriesNotMappedShort'), { categories }))
    }
    case 'PricesRecomputed': {
      const name = d.category?.name
      if (name) return info(t(k('pricesRecomputed'), { category: name, count: d.counts?.updated ?? 0 }))
      return info(message ?? t(k('pricesRecomputedShort')))
    }
    case 'EponudaPricesApplied':
      return info(typeof d.changed === 'number' ? t(k('eponudaApplied'), { count: d.changed }) : (message ?? t(k('eponudaAppliedShort'))))
    case 'NewOrder': {
      const link = typeof d.order_id === 'number' && d.order_id > 0 ? href(screens.order, { orderId: d.order_id }) : undefined
      if (typeof d.number === 'string' && d.number !== '')
        return { kind: 'info', link, text: t(k('newOrder'), { number: d.number, total: formatMoney(typeof d.total === 'number' ? d.total : 0) }) }
      return { kind: 'info', link, text: message ?? t(k('newOrderShort')) }
    }
    case 'CategoriesUploaded': {
      const supplier = d.pricelist?.supplier
      return info(supplier ? t(k('categoriesUploaded'), { supplier }) : (message ?? t(k('categoriesUploadedShort'))))
    }
    case 'StickersDone': {
      const key = d.job === 'energy_sticker' ? 'energyStickersDone' : 'catalogStickersDone'
      return info(typeof d.count === 'number' ? t(k(key), { count: d.count }) : (message ?? t(k(`${key}Short`))))
    }
    case 'StickersFailed': {
      const error = typeof d.error === 'string' && d.error !== '' ? d.error : undefined
      const key = d.job === 'energy_sticker' ? 'energyStickersFailed' : 'catalogStickersFailed'
      return { kind: 'error', text: error ? t(k(key), { error }) : (message ?? t(k('errorUnknown'))) }
    }
    case 'DiscountsDone':
      return info(typeof d.count === 'number' ? t('discounts.note.done', { count: d.count, skipped: d.skipped ?? 0 }) : (message ?? t('discounts.note.doneShort')))
    case 'DiscountsFailed': {
      const error = typeof d.error === 'string' && d.error !== '' ? d.error : undefined
      return { kind: 'error', text: error ? t('discounts.note.failed', { error }) : (message ?? t(k('errorUnknown'))) }
    }
    default: {
      const error = (typeof d.error === 'string' && d.error !== '' ? d.error : undefined) ?? message
      if (pl && error) return { kind: 'error', text: t(k('importFailed'), { ...pl, error }) }
      return { kind: 'error', text: error ? t(k('error'), { error }) : t(k('errorUnknown')) }
    }
  }
}
