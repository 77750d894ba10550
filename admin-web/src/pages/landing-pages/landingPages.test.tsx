import { fireEvent, screen, waitFor } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, mockGet, ok } from '../pricelists/testkit'
import { LandingCreatePage, LandingEditPage } from './LandingPageForm'
import { LandingPagesPage } from './LandingPagesPage'

// The rich-text editor (tiptap, contenteditable) has its own tests; here a textarea of the same
// props stands in for it, so the form's fields can be typed into.
vi.mock('../../components/RichTextEditor', () => {
  const Stand = ({ value, onChange, id, 'aria-label': label }: import('../../components/RichTextEditor').RichTextEditorProps) => (
    <textarea id={id} aria-label={label} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  )
  return { RichTextEditor: Stand, default: Stand }
})

afterEach(() => vi.restoreAllMocks())

const models = [1, 2, 3].map((id) => ({ id, name: `Raspored ${id}`, image: `data:image/svg+xml;base64,${id}` }))
const stickers = [
  { id: 5, name: 'Black Friday', slug: 'black-friday', sticker: '/media/s.png', desktop_image: '/media/h.png' },
  { id: 6, name: 'Novo', slug: 'novo', sticker: '/media/n.png', desktop_image: null },
]

function mockLookups(extra: Record<string, () => ReturnType<typeof ok>> = {}) {
  return mockGet({
    '/api/v1/admin/landing-page-models': () => ok({ message: 'Rasporedi su učitani.', data: models }),
    '/api/v1/admin/catalog-sticker-types': () => ok({ data: stickers, meta: { total: 2 } }),
    '/api/v1/admin/products': () => ok({ data: [{ id: 11, name: 'Frižider', sku: 'FR1' }, { id: 12, name: 'Šporet', sku: 'SP1' }] }),
    '/api/v1/admin/categories': () => ok({ data: [{ id: 7, name: 'Laptopovi' }, { id: 8, name: 'Monitori' }] }),
    ...extra,
  })
}

/** the multipart body of the last POST to path */
function sent(post: { mock: { calls: unknown[][] } }, path: string): [string, string][] {
  const call = post.mock.calls.filter(([p]) => p === path).at(-1)
  if (!call) throw new Error(`no POST to ${path}`)
  const fd = (call[1] as { bodySerializer: () => FormData }).bodySerializer()
  return [...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`])
}

async function chooseLayout(n: number) {
  fireEvent.click(await screen.findByLabelText(`Raspored ${n}`))
  fireEvent.click(screen.getByRole('button', { name: 'Izaberi' }))
}

describe('LandingPagesPage', () => {
  it('lists ID, Ime, Link (the storefront page, new tab) and deletes after the dialog', async () => {
    mockLookups({
      '/api/v1/admin/landing-pages': () =>
        ok({ message: 'x', data: [{ id: 3, name: 'Black Friday ponuda', slug: 'black-friday-ponuda', url: '/landing/black-friday-ponuda' }], meta: { total: 1 } }),
    })
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Landing stranica je uspešno obrisana.' }) as never)
    renderApp(<LandingPagesPage />, { user: admin })
    const link = await screen.findByText('/landing/black-friday-ponuda')
    expect(link.closest('a')?.getAttribute('target')).toBe('_blank')
    for (const h of ['ID', 'Ime', 'Link', 'Akcije']) expect(screen.getByText(h)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Dodaj Landing Page' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Nazad' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Izbriši Black Friday ponuda' }))
    expect(await screen.findByText('Izbriši Landing stranicu?')).toBeTruthy()
    expect(screen.getByText('Slug: black-friday-ponuda')).toBeTruthy()
    const buttons = [...document.querySelectorAll<HTMLElement>('.ant-modal-footer button')]
    expect(buttons.map((b) => b.textContent)).toEqual(['Nazad', 'Izbriši'])
    fireEvent.click(buttons[1])
    await waitFor(() => expect(del).toHaveBeenCalled())
    expect((del.mock.calls[0][1] as { params: { path: { id: number } } }).params.path.id).toBe(3)
  })
})

describe('LandingCreatePage', () => {
  it("first asks 'Izaberi raspored' with each model's image and radio; 'Izaberi' waits for a choice", async () => {
    mockLookups()
    renderApp(<LandingCreatePage />, { user: admin })
    expect(await screen.findByText('Izaberi raspored')).toBeTruthy()
    await waitFor(() => expect(document.querySelectorAll('img[src^="data:image/svg+xml"]').length).toBe(3))
    expect((screen.getByRole('button', { name: 'Izaberi' }) as HTMLButtonElement).disabled).toBe(true)
    await chooseLayout(2)
    expect(await screen.findByRole('button', { name: 'Izaberi sliku' })).toBeTruthy()
  })

  it('layout 1: the action and the name are required; sends the action, cards and products as multipart', async () => {
    mockLookups()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Landing stranica je uspešno kreirana.', data: { id: 1 } }, 201) as never)
    renderApp(<LandingCreatePage />, { user: admin })
    await chooseLayout(1)
    expect(await screen.findByText('Izaberi Akciju')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Izaberi sliku' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    expect(await screen.findByText('Tip akcije je obavezan')).toBeTruthy()
    expect(screen.getByText('Polje je obavezno')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()

    fireEvent.click(screen.getByLabelText('Black Friday'))
    // the header image comes from the chosen action
    await waitFor(() => expect(document.querySelector('img[src="/media/h.png"]')).toBeTruthy())
    fireEvent.change(screen.getByLabelText('Ime stranice'), { target: { value: 'Black Friday ponuda' } })
    fireEvent.change(await screen.findByLabelText('Gornji opis'), { target: { value: '<p>Vrh</p>' } })
    fireEvent.change(await screen.findByLabelText('Kartica 1'), { target: { value: '<p>K1</p>' } })
    expect(screen.queryByLabelText('Kartica 2')).toBeNull()
    fireEvent.change(screen.getByLabelText('Pogledaj sve proizvode'), { target: { value: '/akcije/black-friday' } })
    const products = document.querySelector<HTMLElement>('input[aria-label="Proizvodi"]')!
    fireEvent.focus(products)
    fireEvent.mouseDown(products.closest('.ant-select')!.querySelector('.ant-select-selector')!)
    fireEvent.click(await screen.findByText('Šporet (SP1)'))
    fireEvent.click(await screen.findByText('Frižider (FR1)'))
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const body = sent(post, '/api/v1/admin/landing-pages')
    expect(body).toEqual(
      expect.arrayContaining([
        ['name', 'Black Friday ponuda'],
        ['landing_page_model_id', '1'],
        ['catalog_sticker_type_id', '5'],
        ['top_description', '<p>Vrh</p>'],
        ['card1', '<p>K1</p>'],
        ['link', '/akcije/black-friday'],
        ['products_ids[0]', '12'],
        ['products_ids[1]', '11'],
      ]),
    )
    expect(body.some(([k]) => k === 'banner' || k.startsWith('categories_ids'))).toBe(false)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/landing-stranice'))
  }, 60_000)

  it('layout 2: banner, four cards; the server\'s 422 shows on the fields and as a danger notice', async () => {
    mockLookups()
    const { ApiError } = await import('../../api/client')
    const post = vi
      .spyOn(client, 'POST')
      .mockRejectedValueOnce(new ApiError(422, { message: 'Podaci nisu ispravni.', errors: { banner: ['Fajl je obavezan'] } }))
      .mockResolvedValue(ok({ message: 'ok', data: { id: 2 } }, 201) as never)
    renderApp(<LandingCreatePage />, { user: admin })
    await chooseLayout(2)
    for (const n of [1, 2, 3, 4]) expect(await screen.findByLabelText(`Kartica ${n}`)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Ime stranice'), { target: { value: 'Dom' } })
    fireEvent.change(screen.getByLabelText('Kartica 4'), { target: { value: '<p>4</p>' } })
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    expect(await screen.findByText('Fajl je obavezan')).toBeTruthy()
    const file = new File(['png'], 'baner.png', { type: 'image/png' })
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2))
    const body = sent(post, '/api/v1/admin/landing-pages')
    expect(body).toEqual(expect.arrayContaining([['landing_page_model_id', '2'], ['card4', '<p>4</p>'], ['banner', 'file:baner.png']]))
    expect(body.some(([k]) => k === 'catalog_sticker_type_id')).toBe(false)
  })

  it("layout 3: 'Dodaj kategorije' with search, chips with X and 'Save'; at least one is required", async () => {
    mockLookups()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: { id: 3 } }, 201) as never)
    renderApp(<LandingCreatePage />, { user: admin })
    await chooseLayout(3)
    fireEvent.change(await screen.findByLabelText('Ime stranice'), { target: { value: 'Sve kategorije' } })
    expect(document.querySelector('input[aria-label="Proizvodi"]')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    expect(await screen.findByText('Polje je obavezno')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj kategorije' }))
    expect(await screen.findByLabelText('Pretraži kategorije')).toBeTruthy()
    fireEvent.click(await screen.findByText('Monitori'))
    fireEvent.click(screen.getByText('Laptopovi'))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(document.querySelectorAll('.ant-tag').length).toBe(2))
    // the chip's X takes one off
    fireEvent.click(document.querySelectorAll<HTMLElement>('.ant-tag .ant-tag-close-icon')[1])
    await waitFor(() => expect(document.querySelectorAll('.ant-tag').length).toBe(1))
    fireEvent.click(screen.getByRole('button', { name: 'Napravi' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    const body = sent(post, '/api/v1/admin/landing-pages')
    expect(body.filter(([k]) => k.startsWith('categories_ids'))).toEqual([['categories_ids[0]', '8']])
  })
})

describe('LandingEditPage', () => {
  it('loads the page by id and saves with POST and _method=PATCH, keeping the banner when none is chosen', async () => {
    const page = {
      id: 9, name: 'Dom', slug: 'dom', url: '/landing/dom', landing_page_model_id: 2, banner: '/media/b.png', top_description: '<p>t</p>',
      bottom_description: '', card1: 'a', card2: 'b', card3: 'c', card4: 'd', link: '/x', products: [{ id: 11, name: 'Frižider', sku: 'FR1' }],
      products_ids: '11', categories_ids: [],
    }
    mockLookups({ '/api/v1/admin/landing-pages/{id}': () => ok({ message: 'x', data: page }) })
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok', data: page }) as never)
    renderApp(<LandingEditPage />, { user: admin, at: '/landing-stranice/9', path: '/landing-stranice/:landingPageId' })
    await waitFor(() => expect((screen.getByLabelText('Ime stranice') as HTMLInputElement).value).toBe('Dom'))
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj izmene' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0][0]).toBe('/api/v1/admin/landing-pages/{id}')
    const body = sent(post, '/api/v1/admin/landing-pages/{id}')
    expect(body[0]).toEqual(['_method', 'PATCH'])
    expect(body).toEqual(expect.arrayContaining([['card3', 'c'], ['products_ids[0]', '11'], ['link', '/x']]))
    expect(body.some(([k]) => k === 'banner')).toBe(false)
  })
})
