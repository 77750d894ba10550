import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, callsTo, mockGet, ok, pick } from '../pricelists/testkit'
import { EofferImportPage } from './EofferImportPage'

afterEach(() => vi.restoreAllMocks())

const row = (id: number, sku: string, created: number) => ({
  id,
  name: `Proizvod ${sku}`,
  sku,
  entry_price: 1200,
  web_price: 1320,
  eponuda_min: 1400,
  created_price: created,
  position: 1,
  category: ['Frižideri'],
  supplier: 'Comtrade',
})

const finishedImport = { id: 5, file_name: 'ponuda.csv', status: 'finished', offers: 3, rejected: 1, rows: 4, format: 'csv' }

function mockScreen(latest: 'none' | 'finished' = 'none') {
  return mockGet({
    '/api/v1/admin/eponuda-imports/latest': () => (latest === 'none' ? ok({ data: null }) : ok({ data: finishedImport })),
    '/api/v1/admin/eponuda-imports/{id}': () =>
      ok({ data: { id: 5, file_name: 'ponuda.csv', status: 'finished', offers: 3, rejected: 1, rows: 4, format: 'csv' } }),
    '/api/v1/admin/eponuda-competitors': () => ok({ data: ['Gigatron', 'WinWin'] }),
    '/api/v1/admin/eponuda': () => ok({ import_id: 5, ok: [row(1, 'P1', 1330), row(2, 'P2', 1250)], nok: [row(3, 'P3', 1150)], skipped: 0 }),
  })
}

async function uploadFile() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  expect(input.accept).toBe('.csv,.xlsx,.xls')
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File(['sku;shop;price'], 'ponuda.csv', { type: 'text/csv' })] } })
  })
}

describe('EofferImportPage', () => {
  it('opens on the newest processed file (an earlier upload or shopctl eoffer import): the controls without a new upload', async () => {
    mockScreen('finished')
    renderApp(<EofferImportPage />, { user: admin, at: '/e-ponuda/uvoz' })
    expect(await screen.findByText('Formiraj cenu u odnosu na')).toBeTruthy()
    expect(screen.getByText(/Fajl ponuda\.csv/)).toBeTruthy()
    expect(screen.queryByText('Unesite csv fajl')).toBeNull()
  })

  it('asks for a file, then shows the four controls; Prikaži waits for the first three', async () => {
    mockScreen()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: { id: 5, status: 'queued' } }, 202) as never)
    renderApp(<EofferImportPage />, { user: admin, at: '/e-ponuda/uvoz' })
    expect(screen.getByText('Unesite csv fajl')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Unesi csv/ })).toBeTruthy()
    expect(screen.queryByText('Formiraj cenu u odnosu na')).toBeNull()
    await uploadFile()
    expect(callsTo(post, '/api/v1/admin/eponuda')).toHaveLength(1)
    expect(await screen.findByText('Formiraj cenu u odnosu na')).toBeTruthy()
    for (const label of ['Format', 'Vrednost', 'Zanemari']) expect(screen.getByText(label)).toBeTruthy()
    const show = () => screen.getByRole('button', { name: 'Prikaži' })
    expect(show()).toHaveProperty('disabled', true)
    await pick('Formiraj cenu u odnosu na', 'E ponuda')
    expect(show()).toHaveProperty('disabled', true)
    await pick('Format', '%')
    expect(show()).toHaveProperty('disabled', true)
    fireEvent.change(screen.getByLabelText('Vrednost'), { target: { value: '5' } })
    await waitFor(() => expect(show()).toHaveProperty('disabled', false))
  })

  it('shows the two tables, chooses rows by select-all and per row, Potvrdi applies the chosen ids', async () => {
    const get = mockScreen()
    const post = vi.spyOn(client, 'POST').mockImplementation(((path: string) =>
      Promise.resolve(
        path === '/api/v1/admin/eponuda'
          ? ok({ message: 'ok', data: { id: 5, status: 'queued' } }, 202)
          : ok({ message: 'Nove cene se primenjuju.', data: { queued: true } }, 202),
      )) as never)
    renderApp(<EofferImportPage />, { user: admin, at: '/e-ponuda/uvoz' })
    await uploadFile()
    await screen.findByText('Formiraj cenu u odnosu na')
    await pick('Formiraj cenu u odnosu na', 'E ponuda')
    await pick('Format', 'RSD')
    fireEvent.change(screen.getByLabelText('Vrednost'), { target: { value: '100' } })
    await pick('Zanemari', 'WinWin')
    fireEvent.click(screen.getByRole('button', { name: 'Prikaži' }))
    const results = await screen.findByTestId('eoffer-results')
    const query = callsTo(get, '/api/v1/admin/eponuda')[0].params?.query
    expect(query).toMatchObject({ relative_to: 'eponuda', format: 'RSD', value: '100', 'irrelevant[]': ['WinWin'] })
    expect(within(results).getByText('U okviru ulazne cene')).toBeTruthy()
    expect(within(results).getByText('Ispod ulazne cene')).toBeTruthy()
    for (const col of ['Ime', 'SKU', 'UC sa PDV', 'Web cena', 'Min treća cena na EP', 'Naša nova cena', 'Pozicija', 'Ime kategorije', 'Ime dobavljača']) {
      expect(within(results).getAllByText(col)).toHaveLength(2)
    }
    const confirm = () => screen.getByRole('button', { name: 'Potvrdi' })
    expect(confirm()).toHaveProperty('disabled', true)
    const selectAll = within(results).getByLabelText('U okviru ulazne cene: sve')
    fireEvent.click(selectAll)
    expect(confirm()).toHaveProperty('disabled', false)
    // unchecking one row clears select-all
    fireEvent.click(within(results).getByLabelText('P2'))
    expect((selectAll as HTMLInputElement).checked).toBe(false)
    fireEvent.click(within(results).getByLabelText('P3'))
    fireEvent.click(confirm())
    await waitFor(() => expect(callsTo(post, '/api/v1/admin/eponuda-update')).toHaveLength(1))
    expect(callsTo(post, '/api/v1/admin/eponuda-update')[0].body).toMatchObject({ relative_to: 'eponuda', format: 'RSD', value: '100', 'ids[]': [1, 3] })
  })

  it('lists the prices overview on the tab E-ponuda cene', async () => {
    mockGet({
      '/api/v1/admin/eponuda-price': () => ok({ data: [{ id: 1, name: 'Frižider', entry_price: 1200, web_price: 1320, supplier: 'Comtrade' }] }),
    })
    renderApp(<EofferImportPage />, { user: admin, at: '/e-ponuda/uvoz' })
    fireEvent.click(screen.getByRole('tab', { name: 'E-ponuda cene' }))
    expect(await screen.findByText('Frižider')).toBeTruthy()
    for (const col of ['Ime', 'Ulazna cena (sa PDV)', 'Web cena', 'Ime dobavljača']) expect(screen.getByText(col)).toBeTruthy()
  })
})
