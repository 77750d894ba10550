import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, callsTo, mockGet, modalButton, ok } from '../pricelists/testkit'
import { ApiClientsPage, COPIED_MS } from './ApiClientsPage'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const cats = [
  { id: 7, name: 'Laptopovi' },
  { id: 8, name: 'Monitori' },
]

const apiClient = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: `Partner ${id}`,
  active: true,
  api_url: `http://shop.local/partner-feeds/${'a'.repeat(63)}${id % 10}.json`,
  label_text: '',
  categoriesAndPercentage: [{ id: 7, name: 'Laptopovi', percentage: 12.5 }],
  ...over,
})

function mockClients(list: unknown[]) {
  return mockGet({
    '/api/v1/api-clients': () => ok({ data: list }),
    '/api/v1/api-client-categories': () => ok({ data: cats }),
  })
}

describe('ApiClientsPage', () => {
  it('pages the clients on the client, 20 a page, with the spec columns', async () => {
    mockClients(Array.from({ length: 25 }, (_, i) => apiClient(i + 1)))
    renderApp(<ApiClientsPage />, { user: admin })
    expect(await screen.findByText('Partner 1')).toBeTruthy()
    expect(screen.queryByText('Partner 21')).toBeNull()
    expect(document.querySelectorAll('tbody tr.ant-table-row').length).toBe(20)
    for (const h of ['Klijent', 'API URL', 'Tekst oznake', 'Status', 'Akcije']) expect(screen.getByText(h)).toBeTruthy()
    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('Partner 21')).toBeTruthy()
  })

  it("adds a client: 'Dodaj API klijenta' opens 'Dodaj novog klijenta'; 'Dodaj' sends name and the non-empty percentages", async () => {
    mockClients([])
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'API klijent je uspešno dodat.', data: apiClient(1) }, 201) as never)
    renderApp(<ApiClientsPage />, { user: admin })
    fireEvent.click(await screen.findByRole('button', { name: /Dodaj API klijenta/ }))
    expect(await screen.findByText('Dodaj novog klijenta')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Ime klijenta'), { target: { value: 'Partner d.o.o.' } })
    const pct = await screen.findByLabelText('Monitori (%)')
    fireEvent.change(pct, { target: { value: '10' } })
    fireEvent.click(await modalButton('Dodaj'))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const [path, init] = post.mock.calls[0] as [string, { bodySerializer: () => FormData }]
    expect(path).toBe('/api/v1/api-clients')
    const fd = init.bodySerializer()
    expect([...fd.entries()]).toEqual([
      ['name', 'Partner d.o.o.'],
      ['categories[0][id]', '8'],
      ['categories[0][percentage]', '10'],
    ])
  })

  it("copies the URL on click ('Klikni da kopiraš') and shows 'Kopirano' for 1.5 s", async () => {
    mockClients([apiClient(1)])
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderApp(<ApiClientsPage />, { user: admin })
    const url = apiClient(1).api_url
    const cell = await screen.findByTitle('Klikni da kopiraš')
    expect(cell.textContent).toBe(url)
    vi.useFakeTimers()
    fireEvent.click(cell)
    expect(writeText).toHaveBeenCalledWith(url)
    expect(cell.textContent).toBe('Kopirano')
    act(() => vi.advanceTimersByTime(COPIED_MS - 10))
    expect(cell.textContent).toBe('Kopirano')
    act(() => vi.advanceTimersByTime(20))
    expect(cell.textContent).toBe(url)
  })

  it('the switch sends active 0 for an active client and 1 for an inactive one', async () => {
    mockClients([apiClient(1), apiClient(2, { active: false })])
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'API klijent je deaktiviran.' }) as never)
    renderApp(<ApiClientsPage />, { user: admin })
    fireEvent.click(await screen.findByLabelText('Status Partner 1'))
    fireEvent.click(screen.getByLabelText('Status Partner 2'))
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2))
    expect(patch.mock.calls.map((c) => (c[1] as { params: unknown }).params)).toEqual([
      { path: { id: 1 }, query: { active: 0 } },
      { path: { id: 2 }, query: { active: 1 } },
    ])
  })

  it('the name opens a read-only view: id, name, Aktivan, each category with its percentage', async () => {
    mockClients([apiClient(3)])
    renderApp(<ApiClientsPage />, { user: admin })
    fireEvent.click(await screen.findByText('Partner 3'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Aktivan')).toBeTruthy()
    expect(within(dialog).getByText('Laptopovi: 12.5%')).toBeTruthy()
    expect(dialog.querySelector('input')).toBeNull()
  })

  it("the edit modal is titled with id, name and status; 'Izmeni' sends only non-zero percentages", async () => {
    const get = mockClients([apiClient(4)])
    const put = vi.spyOn(client, 'PUT').mockResolvedValue(ok({ message: 'API klijent je uspešno izmenjen.', data: apiClient(4) }) as never)
    renderApp(<ApiClientsPage />, { user: admin })
    await screen.findByText('Partner 4')
    fireEvent.click(screen.getByRole('button', { name: 'Izmeni' }))
    expect(await screen.findByText('4 - Partner 4 - Aktivan')).toBeTruthy()
    const laptops = (await screen.findByLabelText('Laptopovi (%)')) as HTMLInputElement
    expect(laptops.value).toBe('12.5')
    expect((screen.getByLabelText('Monitori (%)') as HTMLInputElement).placeholder).toBe('0')
    fireEvent.click(await modalButton('Izmeni'))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect(put.mock.calls[0][1]).toEqual({ params: { path: { id: 4 } }, body: { categories: [{ id: 7, percentage: 12.5 }] } })
    await waitFor(() => expect(callsTo(get, '/api/v1/api-clients').length).toBe(2))
  })
})
