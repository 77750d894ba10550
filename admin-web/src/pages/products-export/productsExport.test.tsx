import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, mockGet, ok, pick, refused } from '../pricelists/testkit'
import { ProductsExportClient } from './ProductsExportClient'
import { ProductsExportPage } from './ProductsExportPage'

afterEach(() => vi.restoreAllMocks())

const exp = (id: number, status: string, done: number, total: number) => ({
  id,
  name: `Izvoz ${id}`,
  status,
  done,
  total,
  file_size: 0,
  error: '',
  created_at: '2026-11-25T10:00:00Z',
  finished_at: null,
  categories: [{ id: 7, name: 'Laptopovi' }],
})

describe('ProductsExportPage', () => {
  it("shows each export's progress; only a finished one can be downloaded", async () => {
    mockGet({ '/api/v1/admin/products-exports': () => ok({ data: [exp(2, 'running', 50, 200), exp(1, 'finished', 10, 10)] }) })
    renderApp(<ProductsExportPage />, { user: admin })
    expect(await screen.findByText('Izvoz 2')).toBeTruthy()
    expect(screen.getByText('U toku')).toBeTruthy()
    expect(screen.getByText('Završen')).toBeTruthy()
    expect(screen.getByLabelText('Napredak Izvoz 2').textContent).toContain('25%')
    expect(screen.queryByLabelText('Preuzmi XLSX Izvoz 2')).toBeNull()
    expect(screen.getByLabelText('Preuzmi XLSX Izvoz 1')).toBeTruthy()
  })
})

describe('ProductsExportClient', () => {
  it('requires name and categories, then starts the export and opens the list', async () => {
    mockGet({ '/api/v1/admin/products-export-categories': () => ok({ data: [{ id: 7, name: 'Laptopovi' }, { id: 8, name: 'Monitori' }] }) })
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValueOnce(refused(422, { message: 'x', errors: { name: ['Polje može sadržati maksimum 255 karaktera'] } }) as never)
      .mockResolvedValueOnce(ok({ message: 'Izvoz proizvoda je pokrenut.', data: exp(3, 'queued', 0, 0) }, 202) as never)
    renderApp(<ProductsExportClient />, { user: admin, at: '/izvoz-proizvoda/dodaj-klijenta' })
    fireEvent.click(await screen.findByRole('button', { name: /Pokreni izvoz/ }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno').length).toBe(2))
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Naziv izvoza'), { target: { value: 'Za partnera' } })
    await pick('Kategorije', 'Monitori')
    fireEvent.click(screen.getByRole('button', { name: /Pokreni izvoz/ }))
    expect(await screen.findByText('Polje može sadržati maksimum 255 karaktera')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Pokreni izvoz/ }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/izvoz-proizvoda'))
    expect(post.mock.calls[1]).toEqual(['/api/v1/admin/products-exports', { body: { name: 'Za partnera', categories: [8] } }])
  })
})
