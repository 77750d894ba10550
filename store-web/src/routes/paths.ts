// The storefront's routes, with the Serbian slugs every link uses.
export const paths = {
  home: '/',
  login: '/login',
  register: '/registracija',
  forgotPassword: '/zaboravljena-lozinka',
  newPassword: '/nova-lozinka',
  account: '/moj-nalog',
  wishlist: '/lista-zelja',
  cart: '/korpa',
  checkout: '/zavrsetak-kupovine',
  actions: '/akcije',
  delivery: '/uslovi-isporuke',
  terms: '/uslovi-koriscenja',
  privacy: '/politika-privatnosti',
  complaint: '/obrazac-za-reklamaciju',
  contractTermination: '/obrazac-za-raskid-ugovora',
  onlineOrdering: '/pomoc-i-online-kupovina',
  payment: '/nacini-placanja',
  jobs: '/zaposlenje',
  contact: '/kontakt',
  about: '/o-nama',
  category: '/kategorije/:slug',
  search: '/pretraga-proizvoda/:query',
  compare: '/uporedi-proizvode',
} as const

/**
 * The patterns the storefront has a page for (React Router syntax: `:param`, a final `*`). The
 * build writes them to dist/routes.json, from which the Go server answers any other path with
 * 404 (still with the app, which shows its not-found page): no soft 404s for crawlers. A route
 * added to App.tsx is added here.
 */
export const routePatterns: readonly string[] = Object.values(paths)

/** Anchors the specification names on the terms and delivery pages. */
export const anchors = {
  buyersRight: 'buyers_right',
  delivery: 'delivery',
  shipmentTracking: 'shipment_tracking',
} as const

/** The admin app is a separate app served by the Go server under this path. */
export const adminUrl = '/admin/'

/** Pages of later issues: they show the shared "coming soon" page until they are built. */
export const comingSoon: readonly string[] = [
  paths.wishlist,
  paths.cart,
  paths.checkout,
  paths.actions,
  paths.delivery,
  paths.terms,
  paths.privacy,
  paths.complaint,
  paths.contractTermination,
  paths.onlineOrdering,
  paths.payment,
  paths.jobs,
  paths.contact,
  paths.about,
]
