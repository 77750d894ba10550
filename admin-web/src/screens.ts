// Every back-office screen: its Serbian slug under /admin, its title and its guard (spec 2.1).
// The router and the sidebar both read this table, so a screen's guard is written once.
// Paths are relative to the router's basename '/admin'.

export interface Screen {
  path: string
  /** i18n key of the screen's title */
  title: string
  permission?: string
  module?: string
}

const s = (path: string, title: string, permission?: string, module?: string): Screen => ({ path, title, permission, module })

export const screens = {
  home: s('/', 'nav.home'),

  // catalogue
  products: s('/proizvodi', 'nav.products', 'view-product'),
  productsOnSite: s('/proizvodi-na-sajtu', 'nav.productsOnSite', 'view-product'),
  productAdd: s('/proizvodi/dodaj', 'screens.productAdd', 'create-product'),
  product: s('/proizvodi/:productId', 'screens.product', 'view-product'),
  productDiscounts: s('/proizvodi/:productId/popusti', 'screens.productDiscounts', 'view-product'),
  productAttributes: s('/proizvodi/:productId/atributi', 'screens.productAttributes', 'view-product-attribute'),
  productPhotos: s('/proizvodi/:productId/slike', 'screens.productPhotos', 'view-product-image'),
  productSticker: s('/proizvodi/:productId/nalepnica', 'screens.productSticker', 'view-product'),
  productCatalogSticker: s('/proizvodi/:productId/katalog-nalepnica', 'screens.productCatalogSticker', 'view-product'),
  productAttributesAdd: s('/proizvodi/atributi/:productsCategoryAttributeId/dodaj', 'screens.productAttributesAdd', 'view-product-attribute'),
  categories: s('/kategorije', 'nav.categories', 'view-category'),
  categoryAdd: s('/kategorije/dodaj', 'screens.categoryAdd', 'create-category'),
  category: s('/kategorije/:categoryId', 'screens.category', 'view-category'),
  categoryWebMargins: s('/kategorije/web-marze', 'nav.categoryWebMargins', 'view-category'),
  attributes: s('/atributi', 'nav.attributes', 'view-attribute'),
  brands: s('/brendovi', 'nav.brands', 'view-brand'),
  catalogStickers: s('/katalog-nalepnice', 'nav.catalogStickers'),
  actions: s('/akcije', 'nav.actions', 'view_category-discount-display'),
  productLinking: s('/povezivanje-proizvoda', 'nav.productLinking', 'connect-product'),
  categoryLinking: s('/povezivanje-kategorija', 'nav.categoryLinking', 'connect-category'),
  suppliers: s('/nasi-dobavljaci', 'nav.ourSuppliers'),
  supplierProducts: s('/nasi-dobavljaci/:supplierId', 'screens.supplierProducts'),

  // prices and discounts
  webMargins: s('/web-marze', 'nav.webMargins', 'view-web-margin', 'WebMargin'),
  webMarginAdd: s('/web-marze/dodaj', 'screens.webMarginAdd', 'create-web-margin', 'WebMargin'),
  webMargin: s('/web-marze/:marginId', 'screens.webMargin', 'udpate-web-margin', 'WebMargin'),
  recommendedPrices: s('/preporucene-cene', 'nav.recommendedPrices', 'view-recommended-price'),
  recommendedPriceAdd: s('/preporucene-cene/dodaj', 'screens.recommendedPriceAdd', 'create-recommended-price'),
  recommendedPrice: s('/preporucene-cene/:recommendedPriceId', 'screens.recommendedPrice', 'update-recommended-price'),
  authDiscounts: s('/popusti-za-ulogovane', 'nav.authDiscounts', 'view-authenticated-discount', 'B2C'),
  authDiscountAdd: s('/popusti-za-ulogovane/dodaj', 'screens.authDiscountAdd', 'create-authenticated-discount', 'B2C'),
  authDiscount: s('/popusti-za-ulogovane/:authDiscountId', 'screens.authDiscount', 'update-authenticated-discount', 'B2C'),
  discountTypes: s('/tipovi-popusta', 'nav.discountTypes', 'view-discount-type'),
  pricelistUpload: s('/cenovnici/upload', 'nav.pricelistUpload', 'upload-pricelist', 'Pricelist'),

  // import and export
  eOffer: s('/e-ponuda', 'nav.eOffer', 'view-product'),
  eOfferImport: s('/e-ponuda/uvoz', 'nav.eOfferImport', 'view-product'),
  productsExport: s('/izvoz-proizvoda', 'nav.productsExport', 'map-products-import', 'ProductImport'),
  productsExportClient: s('/izvoz-proizvoda/dodaj-klijenta', 'screens.productsExportClient', 'map-products-import', 'ProductImport'),
  importCategoryToCategory: s('/uvoz/kategorija-u-kategoriju', 'nav.importCategoryToCategory', 'map-products-import', 'ProductImport'),
  importProductToCategory: s('/uvoz/proizvod-u-kategoriju', 'nav.importProductToCategory', 'map-products-import', 'ProductImport'),
  apiClients: s('/api-klijenti', 'nav.apiClients', 'upload-pricelist'),
  landingPages: s('/landing-stranice', 'nav.landingPages', 'upload-pricelist'),

  // sales
  orders: s('/porudzbine', 'nav.orders', 'view-order'),
  order: s('/porudzbine/:orderId', 'screens.order', 'view-order'),
  invoices: s('/profakture', 'nav.invoices', 'view-proforma-invoice'),
  invoice: s('/profakture/:invoiceId', 'screens.invoice', 'view-proforma-invoice'),
  invoiceData: s('/profakture/podaci', 'nav.invoiceData', 'view-proforma-invoice-info'),
  invoiceEmails: s('/profakture/email-adrese', 'nav.invoiceEmails', 'view-proforma-invoice-info'),
  invoiceBanks: s('/profakture/banke', 'nav.invoiceBanks', 'view-proforma-invoice-info'),

  // content
  banners: s('/baneri', 'nav.banners', undefined, 'Banner'),
  bannerAdd: s('/baneri/dodaj', 'screens.bannerAdd', 'create-banner', 'Banner'),
  banner: s('/baneri/:bannerId', 'screens.banner', 'update-banner', 'Banner'),
  news: s('/vesti', 'nav.news', undefined, 'News'),
  newsAdd: s('/vesti/dodaj', 'screens.newsAdd', 'create-post', 'News'),
  newsItem: s('/vesti/:newsId', 'screens.newsItem', 'update-post', 'News'),
  homeProducts: s('/naslovna/proizvodi', 'nav.homeProducts', 'update-home-page', 'Home'),
  homeCategories: s('/naslovna/kategorije', 'nav.homeCategories', 'update-home-page', 'Home'),
  homeSections: s('/naslovna/sekcije', 'nav.homeSections', 'update-home-page', 'Home'),
  homeSectionAdd: s('/naslovna/sekcije/dodaj', 'screens.homeSectionAdd', 'update-home-page', 'Home'),
  homeSection: s('/naslovna/sekcije/:sectionId', 'screens.homeSection', 'update-home-page', 'Home'),
  newsletter: s('/njuzleter', 'nav.newsletter', 'view_newsletter-product'),
  ratings: s('/ocene', 'nav.ratings', 'view-rating'),
  rating: s('/ocene/:ratingId', 'screens.rating', 'view-rating'),
  questions: s('/pitanja', 'nav.questions', 'view-question'),
  question: s('/pitanja/:questionId', 'screens.question', 'view-question'),

  // administration
  users: s('/korisnici', 'nav.users', 'view-user'),
  userAdd: s('/korisnici/dodaj', 'users.addTitle', 'create-user'),
  user: s('/korisnici/:userId', 'screens.user', 'update-user'),
  authorization: s('/autorizacija', 'nav.authorization', 'view-role', 'Authorization'),
  activityLog: s('/dnevnik-aktivnosti', 'nav.activityLog', 'view-activity'),
  notifications: s('/obavestenja', 'nav.notifications'),
} satisfies Record<string, Screen>

export type ScreenName = keyof typeof screens

/** href fills a screen's :params, e.g. href(screens.user, { userId: 7 }) -> '/korisnici/7'. */
export function href(screen: Screen, params: Record<string, string | number> = {}): string {
  return screen.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')))
}
