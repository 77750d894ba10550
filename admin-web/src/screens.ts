// Every back-office screen: its Serbian slug under /admin, its title and its guard (spec 2.1).
// The router and the sidebar both read this table, so a screen's guard is written once.
// Paths are relative to the router's basename '/admin'.

import { Perm, type Permission } from '@shop/shared'

export interface Screen {
  path: string
  /** i18n key of the screen's title */
  title: string
  permission?: Permission
  module?: string
}

const s = (path: string, title: string, permission?: Permission, module?: string): Screen => ({ path, title, permission, module })

export const screens = {
  home: s('/', 'nav.home'),

  // catalogue
  products: s('/proizvodi', 'nav.products', Perm.ViewProduct),
  productsOnSite: s('/proizvodi-na-sajtu', 'nav.productsOnSite', Perm.ViewProduct),
  productAdd: s('/proizvodi/dodaj', 'screens.productAdd', Perm.CreateProduct),
  product: s('/proizvodi/:productId', 'screens.product', Perm.ViewProduct),
  productDiscounts: s('/proizvodi/:productId/popusti', 'screens.productDiscounts', Perm.ViewProduct),
  productAttributes: s('/proizvodi/:productId/atributi', 'screens.productAttributes', Perm.ViewProductAttribute),
  productPhotos: s('/proizvodi/:productId/slike', 'screens.productPhotos', Perm.ViewProductImage),
  productSticker: s('/proizvodi/:productId/nalepnica', 'screens.productSticker', Perm.ViewProduct),
  productCatalogSticker: s('/proizvodi/:productId/katalog-nalepnica', 'screens.productCatalogSticker', Perm.ViewProduct),
  productAttributesAdd: s('/proizvodi/atributi/:productsCategoryAttributeId/dodaj', 'screens.productAttributesAdd', Perm.ViewProductAttribute),
  categories: s('/kategorije', 'nav.categories', Perm.ViewCategory),
  categoryAdd: s('/kategorije/dodaj', 'screens.categoryAdd', Perm.CreateCategory),
  category: s('/kategorije/:categoryId', 'screens.category', Perm.ViewCategory),
  categoryWebMargins: s('/kategorije/web-marze', 'nav.categoryWebMargins', Perm.ViewCategory),
  attributes: s('/atributi', 'nav.attributes', Perm.ViewAttribute),
  brands: s('/brendovi', 'nav.brands', Perm.ViewBrand),
  catalogStickers: s('/katalog-nalepnice', 'nav.catalogStickers'),
  actions: s('/akcije', 'nav.actions', Perm.ViewCategoryDiscountDisplay),
  productLinking: s('/povezivanje-proizvoda', 'nav.productLinking', Perm.ConnectProduct),
  categoryLinking: s('/povezivanje-kategorija', 'nav.categoryLinking', Perm.ConnectCategory),
  suppliers: s('/nasi-dobavljaci', 'nav.ourSuppliers'),
  supplierProducts: s('/nasi-dobavljaci/:supplierId', 'screens.supplierProducts'),

  // prices and discounts
  webMargins: s('/web-marze', 'nav.webMargins', Perm.ViewWebMargin, 'WebMargin'),
  webMarginAdd: s('/web-marze/dodaj', 'screens.webMarginAdd', Perm.CreateWebMargin, 'WebMargin'),
  webMargin: s('/web-marze/:marginId', 'screens.webMargin', Perm.UpdateWebMargin, 'WebMargin'),
  recommendedPrices: s('/preporucene-cene', 'nav.recommendedPrices', Perm.ViewRecommendedPrice),
  recommendedPriceAdd: s('/preporucene-cene/dodaj', 'screens.recommendedPriceAdd', Perm.CreateRecommendedPrice),
  recommendedPrice: s('/preporucene-cene/:recommendedPriceId', 'screens.recommendedPrice', Perm.UpdateRecommendedPrice),
  authDiscounts: s('/popusti-za-ulogovane', 'nav.authDiscounts', Perm.ViewAuthenticatedDiscount, 'B2C'),
  authDiscountAdd: s('/popusti-za-ulogovane/dodaj', 'screens.authDiscountAdd', Perm.CreateAuthenticatedDiscount, 'B2C'),
  authDiscount: s('/popusti-za-ulogovane/:authDiscountId', 'screens.authDiscount', Perm.UpdateAuthenticatedDiscount, 'B2C'),
  discountTypes: s('/tipovi-popusta', 'nav.discountTypes', Perm.ViewDiscountType),
  pricelistUpload: s('/cenovnici/upload', 'nav.pricelistUpload', Perm.UploadPricelist, 'Pricelist'),

  // import and export
  eOffer: s('/e-ponuda', 'nav.eOffer', Perm.ViewProduct),
  eOfferImport: s('/e-ponuda/uvoz', 'nav.eOfferImport', Perm.ViewProduct),
  productsExport: s('/izvoz-proizvoda', 'nav.productsExport', Perm.MapProductsImport, 'ProductImport'),
  productsExportClient: s('/izvoz-proizvoda/dodaj-klijenta', 'screens.productsExportClient', Perm.MapProductsImport, 'ProductImport'),
  importCategoryToCategory: s('/uvoz/kategorija-u-kategoriju', 'nav.importCategoryToCategory', Perm.MapProductsImport, 'ProductImport'),
  importProductToCategory: s('/uvoz/proizvod-u-kategoriju', 'nav.importProductToCategory', Perm.MapProductsImport, 'ProductImport'),
  apiClients: s('/api-klijenti', 'nav.apiClients', Perm.UploadPricelist),
  landingPages: s('/landing-stranice', 'nav.landingPages', Perm.UploadPricelist),
  landingPageAdd: s('/landing-stranice/dodaj', 'screens.landingPageAdd', Perm.UploadPricelist),
  landingPage: s('/landing-stranice/:landingPageId', 'screens.landingPage', Perm.UploadPricelist),

  // sales
  orders: s('/porudzbine', 'nav.orders', Perm.ViewOrder),
  order: s('/porudzbine/:orderId', 'screens.order', Perm.ViewOrder),
  fiscalReceipts: s('/fiskalni-racuni', 'nav.fiscalReceipts', Perm.ViewOrder),
  einvoices: s('/e-fakture', 'nav.einvoices', Perm.ViewOrder),
  invoices: s('/profakture', 'nav.invoices', Perm.ViewProformaInvoice),
  invoice: s('/profakture/:invoiceId', 'screens.invoice', Perm.ViewProformaInvoice),
  invoiceData: s('/profakture/podaci', 'nav.invoiceData', Perm.ViewProformaInvoiceInfo),
  invoiceEmails: s('/profakture/email-adrese', 'nav.invoiceEmails', Perm.ViewProformaInvoiceInfo),
  invoiceBanks: s('/profakture/banke', 'nav.invoiceBanks', Perm.ViewProformaInvoiceInfo),

  // content
  banners: s('/baneri', 'nav.banners', undefined, 'Banner'),
  bannerAdd: s('/baneri/dodaj', 'screens.bannerAdd', Perm.CreateBanner, 'Banner'),
  banner: s('/baneri/:bannerId', 'screens.banner', Perm.UpdateBanner, 'Banner'),
  news: s('/vesti', 'nav.news', undefined, 'News'),
  newsAdd: s('/vesti/dodaj', 'screens.newsAdd', Perm.CreatePost, 'News'),
  newsItem: s('/vesti/:newsId', 'screens.newsItem', Perm.UpdatePost, 'News'),
  homeProducts: s('/naslovna/proizvodi', 'nav.homeProducts', Perm.UpdateHomePage, 'Home'),
  homeCategories: s('/naslovna/kategorije', 'nav.homeCategories', Perm.UpdateHomePage, 'Home'),
  homeSections: s('/naslovna/sekcije', 'nav.homeSections', Perm.UpdateHomePage, 'Home'),
  homeSectionAdd: s('/naslovna/sekcije/dodaj', 'screens.homeSectionAdd', Perm.UpdateHomePage, 'Home'),
  homeSection: s('/naslovna/sekcije/:sectionId', 'screens.homeSection', Perm.UpdateHomePage, 'Home'),
  staticPages: s('/staticne-stranice', 'nav.staticPages', Perm.UpdateHomePage, 'Home'),
  staticPage: s('/staticne-stranice/:slug', 'screens.staticPage', Perm.UpdateHomePage, 'Home'),
  newsletter: s('/njuzleter', 'nav.newsletter', Perm.ViewNewsletterProductRoute),
  ratings: s('/ocene', 'nav.ratings', Perm.ViewRating),
  rating: s('/ocene/:ratingId', 'screens.rating', Perm.ViewRating),
  questions: s('/pitanja', 'nav.questions', Perm.ViewQuestion),
  question: s('/pitanja/:questionId', 'screens.question', Perm.ViewQuestion),
  priceOffers: s('/upiti-za-cenu', 'nav.priceOffers', Perm.ViewOrder),
  contactMessages: s('/poruke', 'nav.contactMessages', Perm.ViewContactMessage),
  contactMessage: s('/poruke/:messageId', 'screens.contactMessage', Perm.ViewContactMessage),

  // administration
  users: s('/korisnici', 'nav.users', Perm.ViewUser),
  userAdd: s('/korisnici/dodaj', 'users.addTitle', Perm.CreateUser),
  user: s('/korisnici/:userId', 'screens.user', Perm.UpdateUser),
  authorization: s('/autorizacija', 'nav.authorization', Perm.ViewRole, 'Authorization'),
  activityLog: s('/dnevnik-aktivnosti', 'nav.activityLog', Perm.ViewActivity),
  notifications: s('/obavestenja', 'nav.notifications'),
} satisfies Record<string, Screen>

export type ScreenName = keyof typeof screens

/** href fills a screen's :params, e.g. href(screens.user, { userId: 7 }) -> '/korisnici/7'. */
export function href(screen: Screen, params: Record<string, string | number> = {}): string {
  return screen.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')))
}
