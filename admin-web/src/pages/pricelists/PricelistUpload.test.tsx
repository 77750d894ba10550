import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { client } from '../../api/client'
import { POLL_MS, pricelistImportQuery, pricelistImportsQuery, type PricelistImport } from '../../hooks/api/pricelists'
import { renderApp } from '../../testing/render'
import { MAX_PRICELIST_BYTES } from './fileCheck'
import { PricelistUpload } from './PricelistUpload'
import { admin, callsTo, mockGet, ok, pick, refused } from './testkit'

const imp = (id: number, over: Partial<PricelistImport> = {}): PricelistImport => ({
  id,
  supplier_id: 3,
  supplier: 'Ewe',
  file_name: `cenovnik-${id}.xlsx`,
  file_size: 52_000,
  status: 'finished',
  rows: 50,
  created: 40,
  updated: 5,
  unchanged: 3,
  rejected: 2,
  error: '',
  created_at: '2025-03-01T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
})

afterEach(() => vi.restoreAllMocks())

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files: [file] } })
  })
}

describe('PricelistUpload', () => {
  it('refuses a file over 10 MB with the specification message, before any upload', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST')
    renderApp(<PricelistUpload />, { user: admin, at: '/cenovnici/upload' })
    await choose(new File([new Uint8Array(MAX_PRICELIST_BYTES + 1)], 'cenovnik.xlsx'))
    expect(await screen.findByText('Maksimalna veličina fajla je 10MB')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Otpremi/ }))
    await screen.findByText('Polje je obavezno') // the supplier
    expect(post).not.toHaveBeenCalled()
  })

  it('refuses a file that is not XLSX with the specification message', async () => {
    mockGet({})
    renderApp(<PricelistUpload />, { user: admin, at: '/cenovnici/upload' })
    await choose(new File(['a;b'], 'cenovnik.csv', { type: 'text/csv' }))
    expect(await screen.findByText('Fajl mora biti u XLSX formatu')).toBeTruthy()
  })

  it('uploads supplier and file as multipart through the shared serializer; a 422 lands on the file', async () => {
    mockGet({})
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(refused(422, { message: 'Neispravni podaci', errors: { file: ['Fajl je oštećen ili nepotpun i ne može se pročitati.'] } }) as never)
      .mockResolvedValueOnce(ok({ message: 'Cenovnik je otpremljen.', data: imp(9, { status: 'queued' }) }, 202) as never)
    renderApp(<PricelistUpload />, { user: admin, at: '/cenovnici/upload' })
    await pick('Dobavljač', 'Ewe')
    const file = new File(['PK'], 'cenovnik.xlsx')
    await choose(file)
    fireEvent.click(screen.getByRole('button', { name: /Otpremi/ }))
    expect(await screen.findByText('Fajl je oštećen ili nepotpun i ne može se pročitati.')).toBeTruthy()

    const [path, init] = post.mock.calls[0] as unknown as [string, { body: object; bodySerializer: (b: object) => FormData }]
    expect(path).toBe('/api/v1/admin/pricelists')
    const form = init.bodySerializer(init.body)
    expect(form.get('supplier_id')).toBe('3')
    expect(form.get('file')).toBe(file)

    fireEvent.click(screen.getByRole('button', { name: /Otpremi/ }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(screen.queryByText('Fajl je oštećen ili nepotpun i ne može se pročitati.')).toBeNull())
  })

  it('lists the recent imports with status and counts, filtered by the URL supplier; the report shows rejected rows', async () => {
    const get = mockGet({
      '/api/v1/admin/pricelists': () => ok({ data: [imp(1), imp(2, { status: 'failed', error: 'Fajl je prazan' })], meta: { total: 2, per_page: 20, current_page: 1, last_page: 1 } }),
      '/api/v1/admin/pricelists/{id}': () =>
        ok({
          data: imp(1, {
            report: { rejected_rows: [{ row: 17, sku: 'X-1', reason: 'Nedostaje cena' }], duplicate_skus: [{ sku: 'D-1', rows: [3, 9] }], unmapped_categories: ['Tableti'] },
          }),
        }),
    })
    renderApp(<PricelistUpload />, { user: admin, at: '/cenovnici/upload?supplier_id=3' })
    expect(await screen.findByText('cenovnik-1.xlsx')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelists')[0].params?.query).toMatchObject({ supplier_id: 3, page: 1, paginate: 20 })
    expect(screen.getByText('Završen')).toBeTruthy()
    expect(screen.getByText('Neuspešan')).toBeTruthy()

    fireEvent.click(screen.getAllByRole('button', { name: 'Izveštaj' })[0])
    const drawer = (await screen.findByText('Izveštaj uvoza: cenovnik-1.xlsx')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('Nedostaje cena')).toBeTruthy()
    expect(within(drawer).getByText('17')).toBeTruthy()
    expect(within(drawer).getByText('D-1 (3, 9)')).toBeTruthy()
    expect(within(drawer).getByText('Tableti')).toBeTruthy()
    expect(callsTo(get, '/api/v1/admin/pricelists/{id}')[0].params?.path).toEqual({ id: 1 })
  })

  it('asks again only while an import is queued or running', () => {
    const qc = new QueryClient()
    const list = pricelistImportsQuery({})
    const interval = (data: unknown) => {
      qc.setQueryData(list.queryKey, data as never)
      const query = qc.getQueryCache().find({ queryKey: list.queryKey })!
      return (list.refetchInterval as (q: unknown) => number | false)(query)
    }
    expect(interval({ data: [imp(1), imp(2, { status: 'running' })] })).toBe(POLL_MS)
    expect(interval({ data: [imp(1, { status: 'queued' })] })).toBe(POLL_MS)
    expect(interval({ data: [imp(1), imp(2, { status: 'failed' })] })).toBe(false)

    const one = pricelistImportQuery(5)
    qc.setQueryData(one.queryKey, imp(5, { status: 'running' }))
    expect((one.refetchInterval as (q: unknown) => number | false)(qc.getQueryCache().find({ queryKey: one.queryKey })!)).toBe(POLL_MS)
  })
})
