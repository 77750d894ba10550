import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { HomePage } from './HomePage'

const card = (id: number, name: string) => ({
  id, name, slug: `p-${id}`, main_category_slug: 'laptopovi', main_image: null, discount: null,
  price: 1000, retail_price: 1200, saving: 200, purchasable: true, catalog_stickers: [], energy_sticker_url: null,
})
const home = {
  data: {
    banners: [
      { id: 1, name: 'Crni petak', position: 'home_slider', link: '/akcije/crni-petak', image_url: '/media/b1.jpg', mobile_image_url: '/media/b1m.jpg' },
      { id: 2, name: 'Laptopovi', position: 'home_slider', link: null, image_url: '/media/b2.jpg', mobile_image_url: null, category_slug: 'laptopovi' },
      { id: 3, name: 'Sredina', position: 'home_middle', link: null, image_url: '/media/b3.jpg' },
    ],
    sections: [
      { id: 20, name: 'Samo na mobilnom', order: 2, show_desktop: false, show_mobile: true, products: [card(3, 'Telefon X')], categories: [] },
      { id: 10, name: 'Top laptopovi', order: 1, show_desktop: true, show_mobile: true, products: [card(1, 'Laptop A')],
        categories: [{ id: 5, name: 'Laptopovi', slug: 'laptopovi', image_url: null }] },
    ],
    products: [card(2, 'Monitor B')],
    categories: [{ id: 6, name: 'Monitori', slug: 'monitori', image_url: '/media/c6.png' }],
  },
}
const actions = { data: [{ id: 9, name: 'Crni petak', slug: 'crni-petak', image_url: '/media/s.png', from: '2026-11-20', to: '2026-11-30' }] }

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('HomePage', () => {
  it('shows the slider with the mobile image under 700 px, actions, sections in order, home products and categories', async () => {
    mockApi({ 'GET /api/v1/home': () => json(home), 'GET /api/v1/catalog-stickers': () => json(actions) })
    renderAt(<HomePage />)
    const first = await screen.findByAltText('Crni petak', {}, { timeout: 10_000 })
    const slider = first.closest('section')!
    expect(slider).toHaveAttribute('aria-label', 'Istaknuto')
    expect(first.closest('a')).toHaveAttribute('href', '/akcije/crni-petak')
    expect(first.closest('picture')!.querySelector('source')).toHaveAttribute('media', '(max-width: 699px)')
    expect(first.closest('picture')!.querySelector('source')).toHaveAttribute('srcset', '/media/b1m.jpg')
    await userEvent.click(within(slider).getByRole('button', { name: 'Sledeći baner' }))
    expect(within(slider).getByAltText('Laptopovi').closest('a')).toHaveAttribute('href', '/kategorije/laptopovi')
    expect(screen.getByAltText('Sredina')).toBeInTheDocument()

    const dates = await screen.findByText('20.11.2026. – 30.11.2026.', {}, { timeout: 10_000 })
    expect(dates.closest('a')).toHaveAttribute('href', '/akcije/crni-petak')
    expect(dates.closest('a')).toHaveTextContent('Crni petak')
    const sections = screen.getAllByTestId('home-section')
    expect(sections.map((s) => s.querySelector('h2')!.textContent)).toEqual(['Top laptopovi', 'Samo na mobilnom'])
    expect(sections[1]).toHaveClass('home-block--no-desktop')
    expect(sections[0]).not.toHaveClass('home-block--no-mobile')
    expect(within(sections[0]).getByRole('link', { name: 'Laptop A' })).toBeInTheDocument()
    expect(within(sections[0]).getByRole('link', { name: 'Laptopovi' })).toHaveAttribute('href', '/kategorije/laptopovi')
    expect(screen.getByRole('link', { name: 'Monitor B' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Monitori' })).toHaveAttribute('href', '/kategorije/monitori')
  }, SLOW)

  it('holds the space below the slider until both the home and the actions are in (no layout shift)', async () => {
    let answerActions: (r: Response) => void = () => {}
    const actionsAnswer = new Promise<Response>((ok) => (answerActions = ok))
    mockApi({ 'GET /api/v1/home': () => json(home), 'GET /api/v1/catalog-stickers': () => actionsAnswer })
    renderAt(<HomePage />)
    // The home is in (the slider shows) but the actions are not: nothing below the slider yet,
    // the screen-high placeholder keeps the promises and the footer out of view.
    await screen.findByAltText('Crni petak', {}, { timeout: 10_000 })
    expect(screen.getByTestId('home-pending')).toBeInTheDocument()
    expect(screen.queryAllByTestId('home-section')).toHaveLength(0)
    expect(screen.queryByRole('heading', { name: 'Zašto kupovati kod nas' })).not.toBeInTheDocument()
    expect(screen.queryByAltText('Sredina')).not.toBeInTheDocument()

    answerActions(json(actions))
    expect(await screen.findByText('20.11.2026. – 30.11.2026.', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.queryByTestId('home-pending')).not.toBeInTheDocument()
    expect(screen.getAllByTestId('home-section')).toHaveLength(2)
    expect(screen.getByRole('heading', { name: 'Zašto kupovati kod nas' })).toBeInTheDocument()
    expect(screen.getByAltText('Sredina')).toBeInTheDocument()
  }, SLOW)
})
