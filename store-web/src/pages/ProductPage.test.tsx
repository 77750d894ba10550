import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { resetInitialData } from '../api/initialData'
import { paths } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { ProductPage } from './ProductPage'

const slug = 'laptop-lenovo-ideapad-3'
const url = `/kategorije/laptopovi/proizvodi/${slug}`

function product(over: Record<string, unknown> = {}) {
  return {
    id: 11,
    name: 'Laptop Lenovo IdeaPad 3',
    slug,
    sku: 'LEN-IP3',
    main_category_slug: 'laptopovi',
    mainCategory: [{ id: 3, name: 'Laptopovi', slug: 'laptopovi', min_price: 0 }],
    price: 100000,
    retail_price: 120000,
    saving: 20000,
    purchasable: true,
    login_discount: true,
    active: true,
    visible: true,
    description: '',
    attributes: [],
    images: [
      { id: 1, main: true, small: '/media/1-s.jpg', large: '/media/1-l.jpg', position: 0 },
      { id: 2, main: false, small: '/media/2-s.jpg', large: '/media/2-l.jpg', position: 1 },
      { id: 3, main: false, small: '/media/3-s.jpg', large: '/media/3-l.jpg', position: 2 },
    ],
    discount: { id: 5, type: 'Black Friday', price: 100000, from: '2026-11-01', to: '2026-11-30' },
    catalog_stickers: [],
    energy_value_sticker: null,
    approvedRatings: [],
    answeredQuestions: [],
    related: [],
    ...over,
  }
}

function Page() {
  return (
    <Routes>
      <Route path={paths.product} element={<ProductPage />} />
    </Routes>
  )
}

function open(p: ReturnType<typeof product>) {
  const calls = mockApi({
    [`GET /api/v1/products/${slug}`]: () => json({ data: p }),
    'GET /api/v1/banners': () => json({ data: [], meta: { total: 0, per_page: 100, current_page: 1 } }),
    'GET /api/v1/categories/laptopovi/declaration': () =>
      json({ data: { name: 'Prenosni računar', country_of_origin: 'Kina', consumer_rights: 'Reklamacije u roku od 2 godine.' } }),
    'POST /api/v1/cart/items': () => json({ message: 'Proizvod dodat u korpu!', cart: { id: 'g1', instance: 'cart', items: [], total: 0, count: 2 } }),
  })
  renderAt(<Page />, url)
  return calls
}

describe('ProductPage', () => {
  it('shows the product the server embedded in the page at once (no wait for the API)', () => {
    const el = document.createElement('script')
    el.type = 'application/json'
    el.id = '__SHOP_DATA__'
    el.textContent = JSON.stringify({
      key: `/api/v1/products/${slug}?include=categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user,attributes`,
      lang: 'sr',
      data: { data: product({ name: 'Laptop iz stranice' }) },
    })
    document.head.appendChild(el)
    resetInitialData()
    try {
      open(product())
      // The first render already has it: nothing was awaited.
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Laptop iz stranice')
    } finally {
      el.remove()
      resetInitialData()
    }
  })

  it("shows 'Proizvod ne postoji ili je izbrisan.' when the product does not load", async () => {
    mockApi({ [`GET /api/v1/products/${slug}`]: () => json({ message: 'Proizvod ne postoji ili je izbrisan.' }, 404) })
    renderAt(<Page />, url)
    expect(await screen.findByTestId('product-missing')).toHaveTextContent('Proizvod ne postoji ili je izbrisan.')
  })

  it('asks for the product with the specification’s include list', async () => {
    const calls = open(product())
    await screen.findByTestId('product-page')
    const req = calls.find((c) => c.url.includes('/products/'))!
    expect(new URL(req.url).searchParams.get('include')).toBe(
      'categories,images,discount.type,mainCategory,approvedRatings,brand,supplier,answeredQuestions.user,attributes',
    )
  })

  it('shows breadcrumbs, prices, the guests’ note, quantity from 1 and the empty Q&A text', async () => {
    const calls = open(product())
    const page = await screen.findByTestId('product-page')
    const crumbs = within(page).getByRole('navigation', { name: 'Putanja' })
    expect(within(crumbs).getByRole('link', { name: 'Laptopovi' })).toHaveAttribute('href', '/kategorije/laptopovi')
    expect(screen.getByTestId('shown-price')).toHaveTextContent('100.000,00 RSD')
    expect(screen.getByTestId('retail-price')).toHaveTextContent('120.000,00 RSD')
    expect(screen.getByTestId('saving')).toHaveTextContent('Ušteda: 20.000,00 RSD')
    expect(screen.getByText('*Uloguj se i ostvari dodatni popust')).toBeInTheDocument()
    expect(screen.getByTestId('discount-sticker')).toHaveTextContent('-17%')

    const qty = screen.getByLabelText('Izaberite količinu')
    expect(qty).toHaveValue(1)
    expect(screen.getByRole('button', { name: 'Smanji količinu' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Povećaj količinu' }))
    expect(qty).toHaveValue(2)
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj u korpu' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cart/items'))).toBe(true))
    const add = calls.find((c) => c.method === 'POST' && c.url.endsWith('/cart/items'))!
    expect(await add.clone().json()).toMatchObject({ product_id: 11, quantity: 2, instance: 'cart' })

    expect(screen.getByRole('heading', { name: 'Pitanja i odgovori' })).toBeInTheDocument()
    expect(screen.getByText('Trenutno nema pitanja o ovom proizvodu')).toBeInTheDocument()
  })

  it('hides the login note from a logged-in customer', async () => {
    localStorage.setItem('token', 'access-token')
    open(product())
    await screen.findByTestId('product-page')
    expect(screen.queryByText('*Uloguj se i ostvari dodatni popust')).not.toBeInTheDocument()
  })

  it("replaces the buy controls with 'Proizvod nije na stanju.' when not purchasable", async () => {
    open(product({ purchasable: false }))
    await screen.findByTestId('product-page')
    expect(screen.getByTestId('out-of-stock')).toHaveTextContent('Proizvod nije na stanju.')
    expect(screen.queryByRole('button', { name: 'Dodaj u korpu' })).not.toBeInTheDocument()
  })

  it('shows the tabs’ empty texts and moves between tabs with the arrow keys', async () => {
    open(product())
    await screen.findByTestId('product-page')
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Specifikacije', 'Opis', 'Deklaracija', 'Kalkulator rata'])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Ovaj uređaj trenutno nema specifikacije.')

    const user = userEvent.setup()
    tabs[0].focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Opis' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Opis' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Ovaj proizvod ne sadrži opis.')

    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Kalkulator rata' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Specifikacije' })).toHaveFocus()
  })

  it('renders the specifications and a Lexical description', async () => {
    const description = JSON.stringify({
      root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Brz i lagan laptop.', format: 1 }] }] },
    })
    open(
      product({
        description,
        attributes: [
          { id: 2, order: 2, active: true, attribute: { id: 2, name: 'RAM' }, value: { id: 9, value: '16 GB' } },
          { id: 1, order: 1, active: true, attribute: { id: 1, name: 'Procesor' }, value: { id: 8, value: 'Ryzen 5' } },
        ],
      }),
    )
    await screen.findByTestId('product-page')
    const rows = within(screen.getByRole('tabpanel')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['ProcesorRyzen 5', 'RAM16 GB'])
    await userEvent.click(screen.getByRole('tab', { name: 'Opis' }))
    expect(within(screen.getByRole('tabpanel')).getByText('Brz i lagan laptop.').closest('strong')).not.toBeNull()
  })

  it('loads the declaration when its tab opens', async () => {
    const calls = open(product({ country_of_origin: '' }))
    await screen.findByTestId('product-page')
    expect(calls.some((c) => c.url.includes('declaration'))).toBe(false)
    await userEvent.click(screen.getByRole('tab', { name: 'Deklaracija' }))
    const decl = await screen.findByTestId('declaration')
    expect(decl).toHaveTextContent('Prenosni računar')
    expect(decl).toHaveTextContent('Kina')
    expect(decl).toHaveTextContent('Reklamacije u roku od 2 godine.')
  })

  it('computes the monthly instalment from the retail price, blank until a down payment is typed', async () => {
    open(product())
    await screen.findByTestId('product-page')
    await userEvent.click(screen.getByRole('tab', { name: 'Kalkulator rata' }))
    const calc = screen.getByTestId('instalment-calculator')
    expect(within(calc).getByLabelText('Iznos')).toHaveValue('120.000,00 RSD')
    expect(within(calc).getByLabelText('Iznos')).toHaveAttribute('readonly')
    expect(within(calc).getByLabelText('Kamata')).toBeDisabled()
    expect(within(calc).getByRole('radio', { name: '6 rata' })).toBeChecked()
    expect(within(calc).getByRole('radio', { name: '24 rate bez kamate' })).toBeInTheDocument()
    const monthly = screen.getByTestId('monthly-instalment')
    expect(monthly).toHaveTextContent(/^$/)

    await userEvent.type(within(calc).getByLabelText('Učešće (RSD)'), '20.000')
    expect(monthly).toHaveTextContent('16.666,67 RSD')
    await userEvent.click(within(calc).getByRole('radio', { name: '24 rate bez kamate' }))
    expect(within(calc).getByLabelText('Period otplate (meseci)')).toHaveValue('24')
    expect(monthly).toHaveTextContent('4.166,67 RSD')
    await userEvent.clear(within(calc).getByLabelText('Učešće (RSD)'))
    expect(monthly).toHaveTextContent(/^$/)
  })

  it('opens the full-screen viewer: arrows move, Tab stays inside, Escape closes and focus returns', async () => {
    open(product())
    await screen.findByTestId('product-page')
    const user = userEvent.setup()
    const gallery = screen.getByTestId('gallery')
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(3)
    const opener = screen.getByRole('button', { name: 'Otvori fotografiju preko celog ekrana' })
    await user.click(opener)
    const viewer = screen.getByRole('dialog', { name: 'Pregled fotografija' })
    expect(viewer).toHaveAttribute('aria-modal', 'true')
    expect(within(viewer).getByRole('button', { name: 'Zatvori' })).toHaveFocus()
    expect(viewer).toHaveTextContent('Fotografija 1 od 3')

    await user.keyboard('{ArrowRight}')
    expect(viewer).toHaveTextContent('Fotografija 2 od 3')
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/2-l.jpg')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(viewer).toHaveTextContent('Fotografija 3 od 3')

    // Tab cycles through the viewer's three buttons only.
    await user.tab()
    await user.tab()
    await user.tab()
    expect(within(viewer).getByRole('button', { name: 'Zatvori' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(viewer).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    // The stage keeps the photo the viewer was on.
    expect(within(opener).getByRole('img')).toHaveAttribute('src', '/media/3-l.jpg')
  })

  it('lists answered questions and shows the product banner', async () => {
    mockApi({
      [`GET /api/v1/products/${slug}`]: () =>
        json({
          data: product({
            answeredQuestions: [
              { id: 1, name: 'Marko', question: 'Da li ima SSD?', answer: 'Da, 512 GB.', created_at: '2026-11-20T10:00:00Z' },
            ],
          }),
        }),
      'GET /api/v1/banners': (req) =>
        new URL(req.url).searchParams.get('position') === 'product'
          ? json({
              data: [{ id: 4, name: 'Crni petak', position: 'product', link: '/akcije/crni-petak', image_url: '/media/b.jpg', mobile_image_url: null, category_slug: null, brand_id: null }],
              meta: { total: 1, per_page: 100, current_page: 1 },
            })
          : json({ data: [] }),
    })
    renderAt(<Page />, url)
    expect(await screen.findByText('Da li ima SSD?')).toBeInTheDocument()
    expect(screen.getByText('Da, 512 GB.')).toBeInTheDocument()
    const banner = await screen.findByTestId('product-banner')
    expect(within(banner).getByRole('link')).toHaveAttribute('href', '/akcije/crni-petak')
  })

  it('shows the approved ratings with their average', async () => {
    open(
      product({
        approvedRatings: [
          { id: 1, name: 'Ana', rating: 4, comment: 'Odličan ekran.', created_at: '2026-11-21T10:00:00Z' },
          { id: 2, name: 'Jovan', rating: 5, comment: '', created_at: '2026-11-22T10:00:00Z' },
        ],
      }),
    )
    await screen.findByTestId('product-page')
    expect(screen.getByText('Prosečna ocena 4,5 od 5 (2)')).toBeInTheDocument()
    expect(screen.getByText('Odličan ekran.')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Ocena 4 od 5' })).toBeInTheDocument()
  })

  it('speaks English after the switch', async () => {
    const { default: i18n } = await import('../i18n')
    await i18n.changeLanguage('en')
    open(product({ purchasable: false }))
    await screen.findByTestId('product-page')
    expect(screen.getByRole('tab', { name: 'Instalment calculator' })).toBeInTheDocument()
    expect(screen.getByTestId('out-of-stock')).toHaveTextContent('The product is out of stock.')
  })
})
