import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { App } from './App'
import { routePatterns } from './routes/paths'
import { json, mockApi, renderAt, session } from './test/render'

const modulesOn = () => json({ data: { Banner: true, Frontend: true, News: true } })
const me = (roles: string[]) => () => json({ data: { ...session(roles).user, addresses: [] } })

describe('App shell', () => {
  it('wraps pages in the storefront header and footer when Frontend is enabled', async () => {
    // The shop's identity is the server's (GET shop: the company data staff keep), not the app's.
    const shop = {
      name: 'Tehno Kuća', legal_name: 'Tehno Kuća d.o.o.', address: 'Knez Mihailova 1, 11000 Beograd', phones: ['011 222 3333', '064 111 2222'],
      email: 'info@tehnokuca.rs', web: '', pib: '100000024', registration_number: '07654321', account: '160000000001234595',
    }
    mockApi({ 'GET /api/v1/modules': modulesOn, 'GET /api/v1/shop': () => json({ data: shop }) })
    renderAt(<App />, '/')
    expect(await screen.findByTestId('site-header')).toBeInTheDocument()
    expect(screen.getByTestId('site-footer')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tehno Kuća – Elektronika i oprema za kancelariju i dom'))
    expect(within(screen.getByTestId('site-header')).getByRole('link', { name: '011 222 3333' })).toHaveAttribute('href', 'tel:+381112223333')
    expect(within(screen.getByTestId('site-footer')).getByRole('link', { name: 'info@tehnokuca.rs' })).toHaveAttribute('href', 'mailto:info@tehnokuca.rs')
    expect(document.body.textContent).not.toContain('ElektroMarket')
    expect(JSON.parse(localStorage.getItem('modules')!)).toEqual(['Banner', 'Frontend', 'News'])
  })

  it('shows the non-frontend screen when Frontend is off', async () => {
    mockApi({ 'GET /api/v1/modules': () => json({ data: { Banner: true, Frontend: false } }) })
    renderAt(<App />, '/login')
    expect(await screen.findByTestId('storefront-off')).toBeInTheDocument()
    expect(screen.queryByTestId('site-header')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Idi na administraciju' })).toHaveAttribute('href', '/admin/')
  })

  it('shows the non-frontend screen when the module list is unavailable', async () => {
    mockApi({ 'GET /api/v1/modules': () => json({ message: 'Doslo je do greske na serveru pokusajte ponovo.' }, 500) })
    renderAt(<App />, '/')
    expect(await screen.findByTestId('storefront-off', {}, { timeout: 4000 })).toBeInTheDocument()
  })

  it('uses the stored module list when the API cannot be reached', async () => {
    localStorage.setItem('modules', JSON.stringify(['Frontend']))
    mockApi({ 'GET /api/v1/modules': () => Promise.reject(new TypeError('network down')) })
    renderAt(<App />, '/')
    expect(screen.getByTestId('site-header')).toBeInTheDocument()
  })

  it('renders at once from the module list the server wrote into the page (a first visit does not wait)', () => {
    const meta = document.createElement('meta')
    meta.name = 'shop-modules'
    meta.content = 'Banner,Frontend'
    document.head.appendChild(meta)
    try {
      mockApi({ 'GET /api/v1/modules': () => new Promise<Response>(() => {}) }) // never answers
      renderAt(<App />, '/')
      expect(screen.getByTestId('site-header')).toBeInTheDocument()
    } finally {
      meta.remove()
    }
  })

  it('shows the not-found page for an unknown path, with a way back', async () => {
    mockApi({ 'GET /api/v1/modules': modulesOn })
    renderAt(<App />, '/nepostojeca-stranica')
    const page = await screen.findByTestId('not-found')
    expect(page).toHaveTextContent('Stranica nije pronađena')
    await userEvent.click(within(page).getByRole('link', { name: 'Vrati se nazad' }))
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
  })

  // The server answers 404 for paths outside routePatterns (dist/routes.json): each must be a page.
  it.each(routePatterns)('has a page at %s, as routes.json tells the server', async (pattern) => {
    mockApi({ 'GET /api/v1/modules': modulesOn, 'GET /api/v1/users/token': me(['customer']) })
    renderAt(<App />, pattern)
    expect(await screen.findByTestId('site-header')).toBeInTheDocument()
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument()
  })

  it('routes the cart (no longer a coming-soon page)', async () => {
    mockApi({
      'GET /api/v1/modules': modulesOn,
      'GET /api/v1/cart': () => json({ data: { id: 'a'.repeat(40), instance: 'cart', items: [], total: 0, count: 0 } }),
    })
    renderAt(<App />, '/korpa')
    expect(await screen.findByText('Nema proizvoda u korpi.')).toBeInTheDocument()
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument()
  })
})

describe('Header', () => {
  it('shows a guest the login and register links and no Admin Panel', async () => {
    mockApi({ 'GET /api/v1/modules': modulesOn })
    renderAt(<App />, '/')
    const header = await screen.findByTestId('site-header')
    expect(within(header).getAllByRole('link', { name: 'Prijava' }).length).toBeGreaterThan(0)
    expect(within(header).getAllByRole('link', { name: 'Registracija' }).length).toBeGreaterThan(0)
    expect(within(header).queryAllByRole('link', { name: /Admin Panel/ })).toHaveLength(0)
    expect(within(header).getByRole('link', { name: 'Završetak kupovine' })).toHaveAttribute('href', '/zavrsetak-kupovine')
  })

  it('shows staff the Admin Panel link, not a customer', async () => {
    localStorage.setItem('token', 'access-token')
    mockApi({ 'GET /api/v1/modules': modulesOn, 'GET /api/v1/users/token': me(['urednik']) })
    const staff = renderAt(<App />, '/')
    // Wait on the user's name (a cheap text query), then the role query (slow on a loaded machine).
    await screen.findAllByText('Petar Petrović', {}, { timeout: 15_000 })
    const links = screen.getAllByRole('link', { name: /Admin Panel/ })
    for (const l of links) expect(l).toHaveAttribute('href', '/admin/')
    staff.unmount()

    mockApi({ 'GET /api/v1/modules': modulesOn, 'GET /api/v1/users/token': me(['customer']) })
    renderAt(<App />, '/')
    expect(await screen.findAllByText('Petar Petrović')).not.toHaveLength(0)
    expect(screen.queryAllByRole('link', { name: /Admin Panel/ })).toHaveLength(0)
  }, 30_000)

  it('logs out: tokens cleared, the server told, the user sent home', async () => {
    localStorage.setItem('token', 'access-token')
    localStorage.setItem('refresh_token', 'refresh-token')
    const calls = mockApi({
      'GET /api/v1/modules': modulesOn,
      'GET /api/v1/users/token': me(['customer']),
      'POST /api/v1/logout': () => json({ message: 'Odjavljeni ste.' }),
    })
    renderAt(<App />, '/moj-nalog')
    expect(await screen.findByText('petar@primer.rs')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Odjavi se' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    const logout = calls.find((r) => r.url.endsWith('/api/v1/logout'))
    expect(logout?.headers.get('Authorization')).toBe('Bearer access-token')
  })

  it('switches the language: texts, the stored choice and the API language', async () => {
    const calls = mockApi({ 'GET /api/v1/modules': modulesOn })
    renderAt(<App />, '/')
    const header = await screen.findByTestId('site-header')
    await userEvent.click(within(header).getAllByRole('button', { name: 'EN' })[0])

    expect(await within(header).findAllByRole('link', { name: 'Log in' })).not.toHaveLength(0)
    expect(localStorage.getItem('language')).toBe('en')
    // The module list is fetched again, now in English.
    await waitFor(() => expect(calls.at(-1)?.headers.get('Accept-Language')).toBe('en'))
    expect(calls.length).toBeGreaterThan(1)
  })

  it('turns compact after 200 px of scroll and offers scroll-to-top after 500 px', async () => {
    mockApi({ 'GET /api/v1/modules': modulesOn })
    renderAt(<App />, '/')
    const header = await screen.findByTestId('site-header')
    const scrollTo = async (y: number) => {
      await act(async () => {
        window.scrollY = y
        window.dispatchEvent(new Event('scroll'))
        await new Promise((r) => requestAnimationFrame(() => r(null)))
      })
    }
    await scrollTo(150)
    expect(header).not.toHaveClass('site-header--compact')
    await scrollTo(250)
    expect(header).toHaveClass('site-header--compact')
    expect(screen.queryByRole('button', { name: 'Nazad na vrh' })).not.toBeInTheDocument()
    await scrollTo(600)
    expect(screen.getByRole('button', { name: 'Nazad na vrh' })).toBeInTheDocument()
    await scrollTo(0)
  })
})
