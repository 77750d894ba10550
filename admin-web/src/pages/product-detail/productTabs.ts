// The product page's tabs and who sees them: each tab has its own address under the product
// (the screens table's per-product pages), its own permission, and some need a saved product.
import { can, type Principal } from '../../auth/access'
import { href, screens, type Screen } from '../../screens'

export type ProductTab = 'data' | 'discounts' | 'attributes' | 'images' | 'sticker' | 'catalogSticker'

interface TabDef {
  key: ProductTab
  label: string
  screen: Screen
  /** needs a saved product (on create the tab is not offered) */
  saved: boolean
}

export const PRODUCT_TABS: TabDef[] = [
  { key: 'data', label: 'catalogAdmin.product.tabData', screen: screens.product, saved: false },
  { key: 'discounts', label: 'discounts.tab.title', screen: screens.productDiscounts, saved: true },
  { key: 'attributes', label: 'catalogAdmin.product.tabAttributes', screen: screens.productAttributes, saved: true },
  // on create the chosen images are uploaded right after the product is saved
  { key: 'images', label: 'catalogAdmin.product.tabImages', screen: screens.productPhotos, saved: false },
  { key: 'sticker', label: 'catalogAdmin.product.tabSticker', screen: screens.productSticker, saved: true },
  { key: 'catalogSticker', label: 'catalogAdmin.product.tabCatalogSticker', screen: screens.productCatalogSticker, saved: true },
]

/** productTabs: the tabs this user sees on this page (create: no product id yet). */
export function productTabs(user: Principal | null | undefined, creating: boolean): TabDef[] {
  return PRODUCT_TABS.filter((tab) => (!creating || !tab.saved) && can(user, tab.screen.permission))
}

/** tabPath: the address of a tab of the product `id`. */
export function tabPath(tab: ProductTab, id: number): string {
  const def = PRODUCT_TABS.find((d) => d.key === tab) ?? PRODUCT_TABS[0]
  return href(def.screen, { productId: id })
}

/** tabOfPath: which tab an address under /proizvodi/{id} opens (the last path segment). */
export function tabOfPath(pathname: string): ProductTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  const def = PRODUCT_TABS.find((d) => d.key !== 'data' && d.screen.path.endsWith(`/${last}`))
  return def?.key ?? 'data'
}
