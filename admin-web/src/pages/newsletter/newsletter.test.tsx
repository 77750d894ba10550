// The newsletter screen against the API's paths (openapi-fetch's client spied on): the
// subscribers' count and status filter, the export, and the next mailing's products moved
// and removed.
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { NewsletterPage } from './NewsletterPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }
const ok = (body: unknown) => ({ data: body, error: undefined, response: new Response(null, { status: 200 }) })

const subscribers = [{ id: 1, email: 'ana@example.com', lang: 'sr', status: 'confirmed', created_at: '2026-11-25T10:00:00Z', confirmed_at: '2026-11-25T10:05:00Z' }]
const meta = { total: 37, per_page: 20, current_page: 1, last_page: 2 }
const p = (id: number, name: string, position: number) => ({ product: { id, sku: `SKU-${id}`, name, slug: `p-${id}` }, position, active: true, added_at: '2026-11-25T10:00:00Z' })
const products = [p(7, 'Frižider', 0), p(8, 'Šporet', 1), p(9, 'Mikrotalasna', 2)]

describe('Newsletter screen', () => {
  it('counts and filters subscribers, downloads the export, orders and removes products', async () => {
    const get = vi.spyOn(client, 'GET').mockImplementation(((path: string) => {
      if (path === '/api/v1/admin/newsletter/products') return Promise.resolve(ok({ data: products }))
      if (path === '/api/v1/admin/newsletter/subscribers/export') return Promise.resolve(ok(new Blob(['email\n'])))
      return Promise.resolve(ok({ data: subscribers, meta }))
    }) as never)
    const put = vi.spyOn(client, 'PUT').mockResolvedValue(ok({ message: 'ok', data: [products[1], products[0], products[2]] }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'ok', data: [products[1], products[0]] }) as never)
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderApp(<NewsletterPage />, { user: admin, at: '/njuzleter' })

    expect(await screen.findByText('ana@example.com')).toBeTruthy()
    expect(screen.getByTestId('subscriber-count').textContent).toBe('Broj pretplatnika: 37')
    fireEvent.click(screen.getByText('Potvrđeni', { selector: '.ant-segmented-item-label' }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/newsletter/subscribers', {
        params: { query: { page: 1, paginate: 20, status: 'confirmed', search: undefined } },
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: /Izvoz XLSX/ }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/newsletter/subscribers/export', {
        params: { query: { format: 'xlsx', status: 'confirmed', search: undefined } },
        parseAs: 'blob',
      }),
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Pomeri gore Šporet' }))
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/admin/newsletter/products/order', { body: { product_ids: [8, 7, 9] } }))
    fireEvent.click(await screen.findByRole('button', { name: 'Ukloni Mikrotalasna' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/newsletter/products/{id}', { params: { path: { id: 9 } } }))
    await waitFor(() => expect(screen.queryByText('Mikrotalasna')).toBeNull())
  }, 40_000)
})
