import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, callsTo, mockGet, ok } from '../pricelists/testkit'
import { EofferPage, SKELETON_ROWS } from './EofferPage'

afterEach(() => vi.restoreAllMocks())

const product = (id: number, sku: string) => ({
  id,
  sku,
  name: `Proizvod ${sku}`,
  active: true,
  visible: true,
  eponuda: false,
  entry_price: 1000,
  web_price: 1320,
  main_category: { id: 7, name: 'Frižideri' },
})
const status = {
  marked: 588,
  exported: 535,
  google_without_image: 4,
  left_out: { inactive: 40, hidden: 13, no_price: 0, below_min_price: 0 },
  files: [{ name: 'eponuda.xml', products: 535, size: 1000, modified: '2026-11-29T08:00:00Z' }],
}
const page = (rows: unknown[]) => ok({ data: rows, meta: { total: rows.length, per_page: 20, current_page: 1, last_page: 1 } })

describe('EofferPage', () => {
  it('lists products not in the feed (visible, active, eponuda=0); send is disabled until rows are chosen; select-all sends the page', async () => {
    const get = mockGet({ '/api/v1/admin/products': () => page([product(1, 'P1'), product(2, 'P2')]) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: { added: 2, removed: 0 } }) as never)
    renderApp(<EofferPage />, { user: admin, at: '/e-ponuda' })
    expect(screen.getByRole('tab', { name: 'PROIZVODI' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'E-PONUDA PROIZVODI' })).toBeTruthy()
    const link = await screen.findByRole('link', { name: 'P1' })
    expect(link.getAttribute('href')).toContain('/proizvodi/1')
    expect(screen.getByRole('link', { name: 'Proizvod P1' }).getAttribute('href')).toContain('/proizvodi/1')
    expect(callsTo(get, '/api/v1/admin/products')[0].params?.query).toMatchObject({ visible: 1, active: 1, eponuda: 0 })
    const send = screen.getByRole('button', { name: /Pošalji/ })
    expect(send).toHaveProperty('disabled', true)
    const all = document.querySelector('thead input[type=checkbox]') as HTMLInputElement
    fireEvent.click(all)
    await waitFor(() => expect(send).toHaveProperty('disabled', false))
    fireEvent.click(send)
    await waitFor(() => expect(callsTo(post, '/api/v1/admin/eponuda-feed')).toHaveLength(1))
    expect(callsTo(post, '/api/v1/admin/eponuda-feed')[0].body).toEqual({ 'ids_true[]': [1, 2] })
  })

  it('the feed tab lists admin/eponuda-feed and takes chosen rows out; 10 skeleton rows while loading', async () => {
    let answer: (v: unknown) => void = () => {}
    vi.spyOn(client, 'GET').mockImplementation(((path: string) =>
      path === '/api/v1/admin/eponuda-feed'
        ? new Promise((r) => (answer = r))
        : Promise.resolve(ok({ data: path.endsWith('/status') ? status : [] }))) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: { added: 0, removed: 1 } }) as never)
    renderApp(<EofferPage />, { user: admin, at: '/e-ponuda?tab=feed' })
    await waitFor(() => expect(document.querySelectorAll('tbody .ant-skeleton')).toHaveLength(SKELETON_ROWS * 5))
    answer(page([product(3, 'P3')]))
    const row = await screen.findByRole('link', { name: 'P3' })
    fireEvent.click(row.closest('tr')!.querySelector('input[type=checkbox]')!)
    fireEvent.click(screen.getByRole('button', { name: /Pošalji/ }))
    await waitFor(() => expect(callsTo(post, '/api/v1/admin/eponuda-feed')).toHaveLength(1))
    expect(callsTo(post, '/api/v1/admin/eponuda-feed')[0].body).toEqual({ 'ids_false[]': [3] })
  })

  it('the feed tab says why the export writes fewer products than are marked, and "Izvezi sada" queues the export', async () => {
    mockGet({ '/api/v1/admin/eponuda-feed': () => page([]), '/api/v1/admin/eponuda-feed/status': () => ok({ data: status }) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Izvoz feed-ova je pokrenut' }) as never)
    renderApp(<EofferPage />, { user: admin, at: '/e-ponuda?tab=feed' })
    expect(await screen.findByText('Označeno za feed: 588; izvoz piše 535.')).toBeTruthy()
    expect(screen.getByText(/neaktivni 40, skriveni 13/)).toBeTruthy()
    expect(screen.getByText('Google feed izostavlja i 4 bez slike.')).toBeTruthy()
    expect(screen.getByText(/Poslednji izvoz: 29\.11\.2026/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Izvezi sada' }))
    await waitFor(() => expect(callsTo(post, '/api/v1/admin/eponuda-feed/export')).toHaveLength(1))
  })
})
