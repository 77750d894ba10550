import { activeEntry, sidebar, visibleEntries } from './sidebar'

const allModules = ['Banner', 'News', 'Frontend', 'Home', 'B2C', 'WebMargin', 'Authorization', 'ProductImport', 'Pricelist']
const superAdmin = { roles: ['super-admin'], permissions: [] }
const urednik = {
  roles: ['urednik'],
  permissions: [
    'view-product',
    'create-product',
    'view-product-attribute',
    'view-product-image',
    'view-category',
    'view-attribute',
    'view-brand',
    'upload-pricelist',
    'view-order',
  ],
}
const customer = { roles: ['customer'], permissions: [] }

const keysOf = (groups: ReturnType<typeof visibleEntries>) => groups.flatMap((g) => g.entries.map((e) => e.key)).sort()
const allKeys = sidebar.flatMap((g) => g.entries.map((e) => e.key)).sort()
// the entries that name no permission (and their modules): catalog stickers, our suppliers, banners, news
const open = ['banners', 'catalogStickers', 'news', 'suppliers']

describe('visibleEntries', () => {
  it.each([
    { who: 'super-admin, all modules', user: superAdmin, modules: allModules, want: allKeys },
    {
      who: 'urednik, all modules',
      user: urednik,
      modules: allModules,
      want: [
        ...open,
        'products',
        'productsOnSite',
        'categories',
        'categoryWebMargins',
        'attributes',
        'brands',
        'eOffer',
        'eOfferImport',
        'pricelistUpload',
        'apiClients',
        'landingPages',
        'orders',
        'fiscalReceipts',
        'einvoices',
        'priceOffers',
      ].sort(),
    },
    { who: 'customer, all modules', user: customer, modules: allModules, want: open },
    { who: 'customer, no modules', user: customer, modules: [], want: ['catalogStickers', 'suppliers'] },
    { who: 'no user, no module list', user: null, modules: null, want: ['catalogStickers', 'suppliers'] },
  ])('$who', ({ user, modules, want }) => {
    expect(keysOf(visibleEntries(sidebar, user, modules))).toEqual(want)
  })

  it('hides a disabled module\'s entries even from super-admin', () => {
    const keys = keysOf(visibleEntries(sidebar, superAdmin, allModules.filter((m) => m !== 'WebMargin' && m !== 'Pricelist')))
    expect(keys).not.toContain('webMargins')
    expect(keys).not.toContain('pricelistUpload')
    expect(keys).toContain('categoryWebMargins')
    expect(keys).toHaveLength(allKeys.length - 2)
  })

  it('shows the queue monitor to super-admins only', () => {
    expect(keysOf(visibleEntries(sidebar, superAdmin, []))).toContain('queues')
    expect(keysOf(visibleEntries(sidebar, { roles: ['urednik'], permissions: ['view-user'] }, allModules))).not.toContain('queues')
  })

  it('keeps the typos of the permission names', () => {
    const byKey = Object.fromEntries(sidebar.flatMap((g) => g.entries).map((e) => [e.key, e]))
    expect(byKey.newsletter.permission).toBe('view_newsletter-product')
    const onlyNewsletter = { roles: ['x'], permissions: ['view_newsletter-product'] }
    expect(keysOf(visibleEntries(sidebar, onlyNewsletter, []))).toEqual(['catalogStickers', 'newsletter', 'suppliers'])
  })

  it('drops groups left empty', () => {
    const groups = visibleEntries(sidebar, customer, [])
    expect(groups.map((g) => g.key)).toEqual(['catalogue'])
  })
})

describe('activeEntry', () => {
  it.each([
    ['/korisnici', 'users'],
    ['/korisnici/12', 'users'],
    ['/kategorije/web-marze', 'categoryWebMargins'],
    ['/kategorije/4', 'categories'],
    ['/e-ponuda/uvoz', 'eOfferImport'],
    ['/proizvodi-na-sajtu', 'productsOnSite'],
    ['/', undefined],
    ['/korisnicii', undefined],
  ])('%s -> %s', (path, key) => {
    expect(activeEntry(sidebar, path)?.key).toBe(key)
  })
})
