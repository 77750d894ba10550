// The storefront's routes, with the Serbian slugs every link uses.
export const paths = {
  home: '/',
  login: '/login',
  register: '/registracija',
  forgotPassword: '/zaboravljena-lozinka',
  newPassword: '/nova-lozinka',
  account: '/moj-nalog',
  accountOrders: '/moj-nalog/porudzbine',
  accountOrder: '/moj-nalog/porudzbine/:orderId',
  accountAddresses: '/moj-nalog/adrese',
  accountAddressForm: '/moj-nalog/adrese/:addressMethod',
  wishlist: '/lista-zelja',
  cart: '/korpa',
  checkout: '/zavrsetak-kupovine',
  thankYou: '/hvala-na-kupovini/:number',
  actions: '/akcije',
  delivery: '/uslovi-isporuke',
  terms: '/uslovi-koriscenja',
  privacy: '/politika-privatnosti',
  consumerRights: '/prava-potrosaca',
  complaint: '/obrazac-za-reklamaciju',
  contractTermination: '/obrazac-za-raskid-ugovora',
  onlineOrdering: '/pomoc-i-online-kupovina',
  payment: '/nacini-placanja',
  jobs: '/zaposlenje',
  contact: '/kontakt',
  about: '/o-nama',
  product: '/kategorije/:mainCategorySlug/proizvodi/:productSlug',
  news: '/vesti',
  newsPost: '/vesti/:id',
  actionPreview: '/akcije/pregled/:id',
  action: '/akcije/:slug',
  landing: '/landing/:slug',
  category: '/kategorije/:slug',
  search: '/pretraga-proizvoda/:query',
  compare: '/uporedi-proizvode',
  // the mails' signed links (newsletter, back-in-stock alerts)
  newsletterConfirm: '/newsletter/potvrda',
  newsletterUnsubscribe: '/newsletter/odjava',
  stockUnsubscribe: '/obavestenje-o-dostupnosti/odjava',
} as const

/** The editable static pages (GET pages/{slug}); each is routed at '/' + slug. */
export const staticPages: readonly string[] = [
  'uslovi-isporuke',
  'uslovi-koriscenja',
  'politika-privatnosti',
  'prava-potrosaca',
  'obrazac-za-reklamaciju',
  'obrazac-za-raskid-ugovora',
  'pomoc-i-online-kupovina',
  'nacini-placanja',
  'placanje-na-rate',
  'placanje-gotovinom',
  'beskamatni-cekovi',
  'placanje-platnim-karticama',
  'povracaj-pdv-a',
  'servis',
  'servis-laptopova',
  'servis-racunara',
  'servis-stampaca',
  'servis-monitora',
  'servis-racunarskih-mreza',
  'servis-kontakt',
  'o-nama',
  'kontakt',
  'zaposlenje',
  'otvorene-pozicije',
  'web-kredit',
  'opremanje-kancelarija',
  'opremanje-doma',
  'e-trust',
]

/**
 * The patterns the storefront has a page for (React Router syntax: `:param`, a final `*`). The
 * build writes them to dist/routes.json, from which the Go server answers any other path with
 * 404 (still with the app, which shows its not-found page): no soft 404s for crawlers. A route
 * added to App.tsx is added here.
 */
export const routePatterns: readonly string[] = [...new Set([...Object.values(paths), ...staticPages.map((s) => `/${s}`)])]

/** Anchors the specification names on the terms and delivery pages. */
export const anchors = {
  buyersRight: 'buyers_right',
  delivery: 'delivery',
  shipmentTracking: 'shipment_tracking',
} as const

/** The admin app is a separate app served by the Go server under this path. */
export const adminUrl = '/admin/'

/** Pages not built yet: they show the shared "coming soon" page until they are built. */
export const comingSoon: readonly string[] = []

/** The thank-you page of an order number (2026-000123). */
export const thankYouPath = (number: string) => `/hvala-na-kupovini/${encodeURIComponent(number)}`

/** One of my orders. */
export const accountOrderPath = (id: number | string) => `/moj-nalog/porudzbine/${id}`

/** The address form: 'nova' makes a new address, an id changes that one (spec: {address_method}). */
export const NEW_ADDRESS = 'nova'
export const addressFormPath = (method: number | string = NEW_ADDRESS) => `/moj-nalog/adrese/${method}`
