import {
  chipsOf,
  emptyFilters,
  filterApiQuery,
  parseProductQuery,
  toApiQuery,
  toSearchParams,
  withoutChip,
  writeFilters,
  type ProductListQuery,
} from './productQuery'

const parse = (s: string) => parseProductQuery(new URLSearchParams(s))

describe('product list query: URL -> typed query', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ page: 1, paginate: 20, search: '', ...emptyFilters() })
  })

  it('reads every spec param under its own name', () => {
    const q = parse(
      'search=fri%C5%BEider&paginate=1000&page=3&manufacturers=5,6&brands=2&suppliers=9,10&categories=7' +
        '&active=1&without_image=1&with_attributes=1&disconnected=1&live=1&supplier=4&category=8' +
        '&web_price_from=100.5&web_price_to=2000&entry_price_from=10&entry_price_to=20' +
        '&discount=1&discount_type=3&discount_price_from=1&discount_price_to=99.99&discount_from=2024-01-31&discount_to=2024-02-29',
    )
    expect(q).toEqual<ProductListQuery>({
      page: 3,
      paginate: 1000,
      search: 'frižider',
      manufacturers: [5, 6],
      brands: [2],
      suppliers: [9, 10],
      categories: [7],
      active: true,
      inactive: false,
      with_image: false,
      without_image: true,
      with_attributes: true,
      without_attributes: false,
      connected: false,
      disconnected: true,
      live: true,
      dead: false,
      supplier: 4,
      category: 8,
      web_price_from: 100.5,
      web_price_to: 2000,
      entry_price_from: 10,
      entry_price_to: 20,
      discount: true,
      discount_type: 3,
      discount_price_from: 1,
      discount_price_to: 99.99,
      discount_from: '2024-01-31',
      discount_to: '2024-02-29',
    })
  })

  it('leaves out malformed values instead of failing', () => {
    const q = parse(
      'page=0&paginate=30&categories=7,x,-1,7,,3&active=true&inactive=0&supplier=abc&web_price_from=-5&entry_price_to=abc' +
        '&discount_from=2024-02-30&discount_to=31.01.2024&discount_type=1.5',
    )
    expect(q.page).toBe(1)
    expect(q.paginate).toBe(20)
    expect(q.categories).toEqual([7, 3])
    expect(q.active).toBe(false)
    expect(q.inactive).toBe(false)
    expect(q.supplier).toBeUndefined()
    expect(q.web_price_from).toBeUndefined()
    expect(q.entry_price_to).toBeUndefined()
    expect(q.discount_from).toBeUndefined()
    expect(q.discount_to).toBeUndefined()
    expect(q.discount_type).toBeUndefined()
  })

  it('accepts only the page sizes the list offers', () => {
    expect(parse('paginate=5000').paginate).toBe(5000)
    expect(parseProductQuery(new URLSearchParams('paginate=5000'), [20, 50, 100]).paginate).toBe(20)
  })

  it('reads a decimal comma in money (a hand-typed link)', () => {
    expect(parse('web_price_from=1234,5').web_price_from).toBe(1234.5)
  })
})

describe('product list query: typed query -> URL', () => {
  it('leaves defaults out of the URL', () => {
    expect(toSearchParams(parse('page=1&paginate=20&search=&active=0')).toString()).toBe('')
  })

  it('round-trips every param', () => {
    const url =
      'search=tv&paginate=50&page=2&manufacturers=5%2C6&brands=2&suppliers=9&categories=7%2C8&active=1&with_image=1' +
      '&without_attributes=1&connected=1&dead=1&discount=1&supplier=4&category=8&discount_type=3' +
      '&web_price_from=100.50&web_price_to=2000.00&entry_price_from=10.00&entry_price_to=20.00' +
      '&discount_price_from=1.00&discount_price_to=99.99&discount_from=2024-01-31&discount_to=2024-02-29'
    const once = parse(url)
    expect(parse(toSearchParams(once).toString())).toEqual(once)
    expect(toSearchParams(once).toString()).toBe(url)
  })

  it('writes id lists comma-joined and flags as 1', () => {
    const q = { ...parse(''), categories: [3, 1], inactive: true, web_price_to: 99.9 }
    const s = toSearchParams(q)
    expect(s.get('categories')).toBe('3,1')
    expect(s.get('inactive')).toBe('1')
    expect(s.get('web_price_to')).toBe('99.90')
    expect(s.has('active')).toBe(false)
  })

  it('replaces the filters, back on page 1, keeping search, size and foreign keys', () => {
    const next = writeFilters(new URLSearchParams('search=a&paginate=50&page=4&active=1&brands=2&tab=x'), {
      ...emptyFilters(),
      categories: [9],
    })
    expect(next.toString()).toBe('search=a&paginate=50&tab=x&categories=9')
  })

  it('builds the API query: filters, search, page and size; fixed params win', () => {
    const q = parse('search=lg&page=2&brands=1,2&live=1')
    expect(toApiQuery(q, { live: 1 })).toEqual({ search: 'lg', brands: '1,2', live: 1, page: 2, paginate: 20 })
    expect(filterApiQuery(q)).toEqual({ brands: '1,2', live: '1' })
  })
})

describe('chips', () => {
  it('are never made of search, page or paginate', () => {
    expect(chipsOf(parse('search=x&page=3&paginate=100'))).toEqual([])
  })

  it('one per applied value, ids of a list each its own chip', () => {
    const chips = chipsOf(parse('categories=7,8&brands=2&active=1&web_price_from=10&discount=1&discount_from=2024-01-01'))
    expect(chips.map((c) => c.key)).toEqual(['active', 'categories:7', 'categories:8', 'brands:2', 'web_price_from', 'discount', 'discount_from'])
    expect(chips.find((c) => c.key === 'categories:8')).toMatchObject({ kind: 'category', id: 8 })
    expect(chips.find((c) => c.key === 'web_price_from')).toMatchObject({ kind: 'web_price_from', amount: 10 })
  })

  it('cover every chip kind of the spec', () => {
    const all = parse(
      'active=1&inactive=1&with_image=1&without_image=1&with_attributes=1&without_attributes=1&connected=1&disconnected=1&live=1&dead=1' +
        '&supplier=1&category=2&brands=3&manufacturers=4&web_price_from=1&web_price_to=2&entry_price_from=3&entry_price_to=4' +
        '&discount=1&discount_type=5&discount_price_from=6&discount_price_to=7&discount_from=2024-01-01&discount_to=2024-01-02',
    )
    expect(new Set(chipsOf(all).map((c) => c.kind)).size).toBe(24)
  })

  it('removing a chip drops just that value', () => {
    const f = parse('categories=7,8&active=1&web_price_to=5&category=3')
    const byKey = (k: string) => chipsOf(f).find((c) => c.key === k)!
    expect(withoutChip(f, byKey('categories:7')).categories).toEqual([8])
    expect(withoutChip(f, byKey('active')).active).toBe(false)
    expect(withoutChip(f, byKey('web_price_to')).web_price_to).toBeUndefined()
    expect(withoutChip(f, byKey('category')).category).toBeUndefined()
    // the rest stays
    expect(toSearchParams({ ...withoutChip(f, byKey('active')), page: 1, paginate: 20, search: '' }).toString()).toBe(
      'categories=7%2C8&category=3&web_price_to=5.00',
    )
  })
})
