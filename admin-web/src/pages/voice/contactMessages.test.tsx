// The contact form's messages screen against the API's paths: the list with its search, and
// delete only for a role holding delete-contact-message.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { ContactMessagesPage } from './ContactMessagesPage'

afterEach(() => vi.restoreAllMocks())

const meta = { total: 1, per_page: 20, current_page: 1, last_page: 1 }
const ok = (body: unknown) => ({ data: body, error: undefined, response: new Response(null, { status: 200 }) })
const message = { id: 4, name: 'Ana Anić', email: 'ana@primer.rs', message: 'Da li radite nedeljom?', user: null, created_at: '2026-11-29T09:00:00Z' }

describe('Contact messages screen', () => {
  it('lists the messages and deletes one after a confirmation', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [message], meta }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Poruka je obrisana.' }) as never)
    renderApp(<ContactMessagesPage />, { user: { id: 1, roles: ['super-admin'], permissions: [] } as never, at: '/poruke' })
    const row = (await screen.findByText('ana@primer.rs')).closest('tr')!
    expect(within(row).getByText('Da li radite nedeljom?')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/contact-messages', { params: { query: { page: 1, paginate: 20, search: undefined } } })
    fireEvent.click(within(row).getByRole('button', { name: 'Obriši' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/contact-messages/{id}', { params: { path: { id: 4 } } }))
  }, 30_000)

  it('offers no delete to a role that may only read', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [message], meta }) as never)
    renderApp(<ContactMessagesPage />, { user: { id: 2, roles: ['urednik'], permissions: ['view-contact-message'] } as never, at: '/poruke' })
    const row = (await screen.findByText('ana@primer.rs')).closest('tr')!
    expect(within(row).queryByRole('button', { name: 'Obriši' })).toBeNull()
  }, 30_000)
})
