import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { admin, callsTo, mockGet, ok, refused } from '../pricelists/testkit'
import { BannerCreatePage, BannerEditPage, BannerList } from './Banners'
import { move, SectionCreatePage, SectionList } from './Home'
import { NewsCreatePage, NewsList } from './News'
import { StaticPageEditPage, StaticPageList } from './StaticPages'

afterEach(() => vi.restoreAllMocks())

const meta = (n: number) => ({ total: n, per_page: 20, current_page: 1, last_page: 1 })
const positions = [
  { key: 'home_slider', label: 'Početna – slajder' },
  { key: 'product', label: 'Stranica proizvoda' },
]
const banner = {
  id: 3,
  name: 'Besplatna dostava',
  position: 'home_slider',
  position_label: 'Početna – slajder',
  order: 1,
  link: '/uslovi-isporuke',
  image_url: '/media/images/banners/a.png',
  mobile_image_url: null,
  category_id: null,
  category_slug: null,
  brand_id: null,
  product_ids: [],
  products: [],
}

describe('banners', () => {
  it('lists the banners with position and link; staff without update-banner get no edit actions', async () => {
    const get = mockGet({ '/api/v1/admin/banners': () => ok({ data: [banner], meta: meta(1) }), '/api/v1/banner-positions': () => ok({ data: positions }) })
    renderApp(<BannerList />, { user: { id: 2, roles: ['urednik'], permissions: [] }, at: '/baneri' })
    const row = (await screen.findByText('Besplatna dostava')).closest('tr')!
    expect(within(row).getByText('Početna – slajder')).toBeTruthy()
    expect(within(row).getByText('/uslovi-isporuke')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Obriši' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Dodaj baner/ })).toBeNull()
    expect(callsTo(get, '/api/v1/admin/banners')[0].params?.query).toMatchObject({ page: 1, paginate: 20 })
  })

  it('deletes after Da (super-admin)', async () => {
    mockGet({ '/api/v1/admin/banners': () => ok({ data: [banner], meta: meta(1) }), '/api/v1/banner-positions': () => ok({ data: positions }) })
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Baner je uspešno obrisan.' }) as never)
    renderApp(<BannerList />, { user: admin, at: '/baneri' })
    fireEvent.click(await screen.findByRole('button', { name: 'Obriši' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/banners/{id}', { params: { path: { id: 3 } } }))
  })

  it('add: name, position and image are required; nothing is sent', async () => {
    mockGet({ '/api/v1/banner-positions': () => ok({ data: positions }) })
    const post = vi.spyOn(client, 'POST')
    renderApp(<BannerCreatePage />, { user: admin, at: '/baneri/dodaj' })
    fireEvent.click(await screen.findByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(3))
    expect(post).not.toHaveBeenCalled()
  }, 30_000)

  it('edit: sends the multipart form and shows a 422 on its field', async () => {
    mockGet({ '/api/v1/admin/banners/{id}': () => ok({ data: banner }), '/api/v1/banner-positions': () => ok({ data: positions }) })
    const put = vi
      .spyOn(client, 'PUT')
      .mockResolvedValueOnce(refused(422, { message: 'Podaci nisu ispravni.', errors: { link: ['Link mora početi sa / ili http(s)://'] } }) as never)
    renderApp(<BannerEditPage />, { user: admin, at: '/baneri/3', path: '/baneri/:bannerId' })
    const name = await screen.findByLabelText('Naziv')
    fireEvent.change(name, { target: { value: 'Dostava' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    const [path, init] = put.mock.calls[0] as unknown as [string, { params: unknown; bodySerializer: () => FormData }]
    expect(path).toBe('/api/v1/admin/banners/{id}')
    expect(init.params).toEqual({ path: { id: 3 } })
    const fd = init.bodySerializer()
    expect(fd.get('name')).toBe('Dostava')
    expect(fd.get('position')).toBe('home_slider')
    expect(fd.get('link')).toBe('/uslovi-isporuke')
    expect(fd.get('image')).toBeNull()
    expect(await screen.findByText('Link mora početi sa / ili http(s)://')).toBeTruthy()
  }, 30_000)
})

describe('news', () => {
  it('lists the news', async () => {
    mockGet({ '/api/v1/admin/news': () => ok({ data: [{ id: 1, title: 'Nova radnja', published_at: '2026-11-20T10:00:00Z', image_url: null }], meta: meta(1) }) })
    renderApp(<NewsList />, { user: admin, at: '/vesti' })
    expect(await screen.findByText('Nova radnja')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Dodaj vest/ })).toBeTruthy()
  })

  it('add: title and body required', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST')
    renderApp(<NewsCreatePage />, { user: admin, at: '/vesti/dodaj' })
    await screen.findByRole('textbox', { name: 'Tekst' }, { timeout: 20_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(2))
    expect(post).not.toHaveBeenCalled()
  }, 40_000)
})

describe('home sections', () => {
  it('lists the sections with their flags', async () => {
    mockGet({
      '/api/v1/admin/home/sections': () =>
        ok({ data: [{ id: 4, name: 'Izdvajamo', order: 0, show_desktop: true, show_mobile: false, product_ids: [1, 2], category_ids: [] }] }),
    })
    renderApp(<SectionList />, { user: admin, at: '/naslovna/sekcije' })
    const row = (await screen.findByText('Izdvajamo')).closest('tr')!
    expect(within(row).getByText('Ne')).toBeTruthy()
    expect(within(row).getByText('2')).toBeTruthy()
  })

  it('add: the name is 2-255, then the section is sent as JSON', async () => {
    mockGet({})
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Sekcija je uspešno kreirana.', data: {} }, 201) as never)
    renderApp(<SectionCreatePage />, { user: admin, at: '/naslovna/sekcije/dodaj' })
    const name = await screen.findByLabelText('Naziv')
    fireEvent.change(name, { target: { value: 'A' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Polje mora sadržati minimum 2 karaktera')).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    fireEvent.change(name, { target: { value: 'Najnovije' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]).toEqual([
      '/api/v1/admin/home/sections',
      { body: { name: 'Najnovije', show_desktop: true, show_mobile: true, product_ids: [], category_ids: [] } },
    ])
  }, 30_000)

  it('move swaps neighbours and stops at the ends', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3])
  })
})

describe('static pages', () => {
  it('lists every page, written or not', async () => {
    mockGet({
      '/api/v1/admin/pages': () =>
        ok({
          data: [
            { slug: 'uslovi-isporuke', title_sr: 'Uslovi isporuke', title_en: '', written: true, updated_at: '2026-11-20T10:00:00Z' },
            { slug: 'e-trust', title_sr: '', title_en: '', written: false, updated_at: null },
          ],
        }),
    })
    renderApp(<StaticPageList />, { user: admin, at: '/staticne-stranice' })
    expect(await screen.findByText('Uslovi isporuke')).toBeTruthy()
    expect(screen.getByText('/e-trust')).toBeTruthy()
    expect(screen.getByText('Prazna')).toBeTruthy()
  })

  it('edit: sends the four texts', async () => {
    mockGet({
      '/api/v1/admin/pages/{slug}': () =>
        ok({ data: { slug: 'kontakt', title_sr: 'Kontakt', title_en: 'Contact', body_sr: '<p>Pozovite nas</p>', body_en: '<p>Call us</p>', updated_at: null } }),
    })
    const put = vi.spyOn(client, 'PUT').mockResolvedValue(ok({ message: 'Stranica je uspešno sačuvana.', data: {} }) as never)
    renderApp(<StaticPageEditPage />, { user: admin, at: '/staticne-stranice/kontakt', path: '/staticne-stranice/:slug' })
    const title = await screen.findByLabelText('Naslov (srpski)')
    await screen.findAllByRole('textbox', { name: /Tekst/ }, { timeout: 20_000 })
    fireEvent.change(title, { target: { value: 'Kontaktirajte nas' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(put).toHaveBeenCalled())
    expect(put.mock.calls[0]).toEqual([
      '/api/v1/admin/pages/{slug}',
      { params: { path: { slug: 'kontakt' } }, body: { title_sr: 'Kontaktirajte nas', title_en: 'Contact', body_sr: '<p>Pozovite nas</p>', body_en: '<p>Call us</p>' } },
    ])
  }, 40_000)
})
