// The sidebar's catalogue of sections (catalogue spec, "Admin routes") grouped for the menu, and
// the rule that decides which entries a user sees (spec 6): the entry's module, when it names
// one, is enabled; and the user is super-admin, or the entry names no permission, or holds it.
import type { Permission } from '@shop/shared'
import { can, isSuperAdmin, moduleEnabled, type Principal } from '../auth/access'
import { screens, type Screen } from '../screens'

export interface SidebarEntry {
  key: string
  /** i18n key of the label */
  label: string
  /** router path (under /admin), or with `external` a full URL path opened by a page load */
  path: string
  permission?: Permission
  module?: string
  external?: boolean
  superAdminOnly?: boolean
}

export interface SidebarGroup {
  key: string
  label: string
  entries: SidebarEntry[]
}

const entry = (key: string, screen: Screen): SidebarEntry => ({
  key,
  label: screen.title,
  path: screen.path,
  permission: screen.permission,
  module: screen.module,
})

export const sidebar: SidebarGroup[] = [
  {
    key: 'catalogue',
    label: 'groups.catalogue',
    entries: [
      entry('products', screens.products),
      entry('productsOnSite', screens.productsOnSite),
      entry('categories', screens.categories),
      entry('attributes', screens.attributes),
      entry('brands', screens.brands),
      entry('catalogStickers', screens.catalogStickers),
      entry('actions', screens.actions),
      entry('productLinking', screens.productLinking),
      entry('categoryLinking', screens.categoryLinking),
      entry('suppliers', screens.suppliers),
    ],
  },
  {
    key: 'prices',
    label: 'groups.prices',
    entries: [
      entry('webMargins', screens.webMargins),
      entry('categoryWebMargins', screens.categoryWebMargins),
      entry('recommendedPrices', screens.recommendedPrices),
      entry('authDiscounts', screens.authDiscounts),
      entry('discountTypes', screens.discountTypes),
      entry('pricelistUpload', screens.pricelistUpload),
    ],
  },
  {
    key: 'importExport',
    label: 'groups.importExport',
    entries: [
      entry('eOffer', screens.eOffer),
      entry('eOfferImport', screens.eOfferImport),
      entry('productsExport', screens.productsExport),
      entry('importCategoryToCategory', screens.importCategoryToCategory),
      entry('importProductToCategory', screens.importProductToCategory),
      entry('apiClients', screens.apiClients),
      entry('landingPages', screens.landingPages),
    ],
  },
  {
    key: 'sales',
    label: 'groups.sales',
    entries: [
      entry('orders', screens.orders),
      entry('fiscalReceipts', screens.fiscalReceipts),
      entry('einvoices', screens.einvoices),
      entry('invoices', screens.invoices),
      entry('invoiceData', screens.invoiceData),
      entry('invoiceBanks', screens.invoiceBanks),
      entry('invoiceEmails', screens.invoiceEmails),
    ],
  },
  {
    key: 'content',
    label: 'groups.content',
    entries: [
      entry('banners', screens.banners),
      entry('news', screens.news),
      entry('homeProducts', screens.homeProducts),
      entry('homeCategories', screens.homeCategories),
      entry('homeSections', screens.homeSections),
      entry('staticPages', screens.staticPages),
      entry('newsletter', screens.newsletter),
      entry('ratings', screens.ratings),
      entry('questions', screens.questions),
      entry('priceOffers', screens.priceOffers),
      entry('contactMessages', screens.contactMessages),
    ],
  },
  {
    key: 'administration',
    label: 'groups.administration',
    entries: [
      entry('users', screens.users),
      entry('authorization', screens.authorization),
      entry('activityLog', screens.activityLog),
      // asynq's own UI, served by the Go server: a full page load, super-admins only
      { key: 'queues', label: 'nav.queues', path: '/admin/queues', external: true, superAdminOnly: true },
    ],
  },
]

/** visible: the spec-6 rule for one entry. */
export function visible(e: SidebarEntry, user: Principal | null | undefined, modules: readonly string[] | null | undefined): boolean {
  if (e.superAdminOnly && !isSuperAdmin(user)) return false
  return moduleEnabled(modules, e.module) && can(user, e.permission)
}

/** visibleEntries keeps the entries (and the groups with any left) the user may see. */
export function visibleEntries(
  groups: SidebarGroup[],
  user: Principal | null | undefined,
  modules: readonly string[] | null | undefined,
): SidebarGroup[] {
  return groups
    .map((g) => ({ ...g, entries: g.entries.filter((e) => visible(e, user, modules)) }))
    .filter((g) => g.entries.length > 0)
}

/** activeEntry: the entry whose path is the longest whole-segment prefix of pathname. */
export function activeEntry(groups: SidebarGroup[], pathname: string): SidebarEntry | undefined {
  let best: SidebarEntry | undefined
  for (const g of groups) {
    for (const e of g.entries) {
      if (e.external) continue
      const hit = pathname === e.path || pathname.startsWith(e.path + '/')
      if (hit && (!best || e.path.length > best.path.length)) best = e
    }
  }
  return best
}
