// The customers' voice screens against the API's paths (openapi-fetch's client spied on):
// ratings approve and delete with undo, the questions' answer and edit dialogs, price offers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { PriceOffersPage } from './PriceOffersPage'
import { QuestionsPage } from './QuestionsPage'
import { RatingsPage } from './RatingsPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }
const meta = { total: 1, per_page: 20, current_page: 1, last_page: 1 }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}

const product = { id: 7, sku: 'VC-1', name: 'Frižider Glasni', slug: 'frizider-glasni' }
const rating = {
  id: 3,
  product,
  user: { id: 9, name: 'Demo Kupac', email: 'kupac@demo.local' },
  rating: 4,
  comment: '<b>Odličan</b>',
  approved: false,
  deleted: false,
  created_at: '2026-11-25T10:00:00Z',
}

describe('Ratings screen', () => {
  it('filters by status through the API, approves and deletes with undo', async () => {
    const get = vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [rating], meta }) as never)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Ocena je odobrena.', data: { ...rating, approved: true } }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Ocena je obrisana.' }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: rating }) as never)
    renderApp(<RatingsPage />, { user: admin, at: '/ocene' })
    // the comment is text: markup shows as typed, it is never HTML
    expect(await screen.findByText('<b>Odličan</b>')).toBeTruthy()
    expect(get).toHaveBeenCalledWith('/api/v1/admin/ratings', { params: { query: { page: 1, paginate: 20, status: undefined } } })

    fireEvent.click(screen.getByText('Neodobrene', { selector: '.ant-segmented-item-label' }))
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/v1/admin/ratings', { params: { query: { page: 1, paginate: 20, status: 'disapproved' } } }),
    )

    const row = (await screen.findByText('Frižider Glasni', { selector: 'td' })).closest('tr')!
    fireEvent.click(within(row).getByRole('button', { name: 'Odobri' }))
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/v1/admin/ratings/{id}/approve', { params: { path: { id: 3 } } }))

    fireEvent.click(within(row).getByRole('button', { name: 'Obriši' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/ratings/{id}', { params: { path: { id: 3 } } }))
    fireEvent.click(await screen.findByRole('button', { name: 'Poništi brisanje' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/ratings/{id}/restore', { params: { path: { id: 3 } } }))
  }, 30_000)
})

const question = {
  id: 5,
  product,
  name: 'Ana',
  email: 'ana@example.com',
  question: 'Da li je tih?',
  answer: '',
  answered: false,
  user: null,
  created_at: '2026-11-25T10:00:00Z',
}

async function modalButton(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')].filter((b) => b.textContent === text).at(-1)
    expect(found).toBeTruthy()
  })
  return found!
}

async function field(name: string): Promise<HTMLElement> {
  let found: HTMLElement | null = null
  await waitFor(() => {
    found = document.querySelector<HTMLElement>(`.ant-modal #${name}`)
    expect(found).toBeTruthy()
  })
  return found!
}

describe('Questions screen', () => {
  it('answers a question and checks the edit form with the spec\'s messages', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [question], meta }) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Odgovor je sačuvan.', data: { ...question, answered: true } }) as never)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok', data: question }) as never)
    renderApp(<QuestionsPage />, { user: admin, at: '/pitanja' })
    const row = (await screen.findByText('Da li je tih?')).closest('tr')!
    expect(within(row).getByText('Bez odgovora')).toBeTruthy()

    fireEvent.click(within(row).getByRole('button', { name: 'Odgovori' }))
    fireEvent.change(await field('answer'), { target: { value: ' Jeste, 38 dB. ' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/admin/questions/{id}/answer', { params: { path: { id: 5 } }, body: { answer: 'Jeste, 38 dB.' } }),
    )
    await waitFor(() => expect(document.querySelector('.ant-modal #answer')).toBeNull())

    fireEvent.click(within(row).getByRole('button', { name: 'Izmeni' }))
    fireEvent.change(await field('name'), { target: { value: 'A' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    expect(await screen.findByText('Ime mora sadržati najmanje 2 karaktera')).toBeTruthy()
    expect(patch).not.toHaveBeenCalled()
    fireEvent.change(await field('name'), { target: { value: 'Ana M.' } })
    fireEvent.click(await modalButton('Sačuvaj'))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/v1/admin/questions/{id}', {
        params: { path: { id: 5 } },
        body: { name: 'Ana M.', question: 'Da li je tih?', answer: '' },
      }),
    )
  }, 30_000)
})

describe('Price offers screen', () => {
  it('shows the asked and current price and changes the status', async () => {
    const offer = { id: 8, product, email: 'ana@example.com', price: 899.5, current_price: 1000, status: 'pending', created_at: '2026-11-25T10:00:00Z' }
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: [offer], meta }) as never)
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'ok', data: { ...offer, status: 'declined' } }) as never)
    renderApp(<PriceOffersPage />, { user: admin, at: '/upiti-za-cenu' })
    const row = (await screen.findByText('ana@example.com')).closest('tr')!
    expect(within(row).getByText('899,50')).toBeTruthy()
    expect(within(row).getByText('1.000,00')).toBeTruthy()
    fireEvent.mouseDown(within(row).getByRole('combobox'))
    fireEvent.click(await screen.findByText('Odbijen', { selector: '.ant-select-item-option-content' }))
    await waitFor(() => expect(patch).toHaveBeenCalledWith('/api/v1/admin/price-offers/{id}', { params: { path: { id: 8 } }, body: { status: 'declined' } }))
  }, 30_000)
})
