import { fireEvent, screen, waitFor } from '@testing-library/react'
import { ApiError, client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, mockGet, ok } from '../pricelists/testkit'
import { CatalogStickersPage } from './CatalogStickersPage'

afterEach(() => vi.restoreAllMocks())

const row = { id: 4, name: 'Black Friday', slug: 'black-friday', sticker: '/media/s.png', desktop_image: null, from: '2026-11-20', to: '2026-11-30', active_today: true }

describe('CatalogStickersPage', () => {
  it("the add form's required messages are the spec's", async () => {
    mockGet({ '/api/v1/admin/catalog-sticker-types': () => ok({ data: [row], meta: { total: 1 } }) })
    const post = vi.spyOn(client, 'POST')
    renderApp(<CatalogStickersPage />, { user: admin })
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj akciju' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Tip akcije je obavezan')).toBeTruthy()
    expect(screen.getByText('Početak akcije je obavezan')).toBeTruthy()
    expect(screen.getByText('Završetak akcije je obavezan')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
  })

  it('lists the actions with their dates; the add form sends multipart and shows a 422 on its field', async () => {
    mockGet({ '/api/v1/admin/catalog-sticker-types': () => ok({ data: [row], meta: { total: 1, per_page: 20, current_page: 1, last_page: 1 } }) })
    const post = vi
      .spyOn(client, 'POST')
      .mockRejectedValueOnce(new ApiError(422, { message: 'Podaci nisu ispravni.', errors: { slug: ['Akcija sa ovim slugom već postoji'] } }))
      .mockResolvedValue(ok({ message: 'Akcija je uspešno kreirana.', data: row }, 201) as never)
    renderApp(<CatalogStickersPage />, { user: admin })
    expect(await screen.findByText('Black Friday')).toBeTruthy()
    expect(screen.getByText('20.11.2026')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj akciju' }))
    fireEvent.change(await screen.findByLabelText('Tip akcije'), { target: { value: 'Zima' } })
    fireEvent.change(screen.getByLabelText('Slug (prazno: iz naziva)'), { target: { value: 'black-friday' } })
    for (const [label, day] of [['Početak akcije', '01.12.2026'], ['Završetak akcije', '31.12.2026']]) {
      const input = screen.getByLabelText(label)
      fireEvent.mouseDown(input)
      fireEvent.change(input, { target: { value: day } })
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
    }
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Akcija sa ovim slugom već postoji')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Slug (prazno: iz naziva)'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    const [path, init] = post.mock.calls[1] as [string, { bodySerializer: () => FormData }]
    expect(path).toBe('/api/v1/admin/catalog-sticker-types')
    expect([...init.bodySerializer().entries()]).toEqual([
      ['name', 'Zima'],
      ['slug', ''],
      ['from', '2026-12-01'],
      ['to', '2026-12-31'],
    ])
  }, 60_000)

  it('edits with POST and _method=PATCH', async () => {
    mockGet({ '/api/v1/admin/catalog-sticker-types': () => ok({ data: [row], meta: { total: 1 } }) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Akcija je uspešno izmenjena.', data: row }) as never)
    renderApp(<CatalogStickersPage />, { user: admin })
    fireEvent.click(await screen.findByRole('button', { name: 'Izmeni akciju Black Friday' }))
    await waitFor(() => expect((screen.getByLabelText('Tip akcije') as HTMLInputElement).value).toBe('Black Friday'))
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const [path, init] = post.mock.calls[0] as [string, { params: { path: { id: number } }; bodySerializer: () => FormData }]
    expect(path).toBe('/api/v1/admin/catalog-sticker-types/{id}')
    expect(init.params.path.id).toBe(4)
    expect([...init.bodySerializer().entries()].slice(0, 2)).toEqual([
      ['_method', 'PATCH'],
      ['name', 'Black Friday'],
    ])
  })
})
