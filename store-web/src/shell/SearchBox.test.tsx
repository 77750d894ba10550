import { act, fireEvent, screen } from '@testing-library/react'
import { notifyManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, mockApi, renderAt } from '../test/render'
import { SearchBox } from './SearchBox'

const suggestions = {
  results: {
    category: { items: [{ id: 3, name: 'Frižideri', highlighted_name: '<strong>Frižider</strong>i', slug: 'frizideri', link: '/kategorije/frizideri' }] },
    popular: { items: [{ name: 'frižider gorenje', url_name: 'fri%C5%BEider%20gorenje', highlighted_name: '<strong>frižider</strong> gorenje' }] },
    product: {
      items: [
        {
          id: 9,
          name: 'Frižider <Gorenje> & co',
          highlighted_name: '<strong>Frižider</strong> &lt;Gorenje&gt; &amp; co<img src=x onerror=alert(1)>',
          link: '/kategorije/frizideri/proizvodi/frizider-gorenje',
          image: null,
          regular_price: 1200,
          guest_price: 1000,
          customer_price: 900,
        },
      ],
    },
  },
  banners: { top: [{ html: '<a href="/akcije"><img src="/media/b.png" alt="Akcija" onerror="alert(1)"></a><script>alert(1)</script>' }], bottom: [] },
}
const firstClick = {
  results: { category: { items: [{ id: 1, name: 'Računari', highlighted_name: 'Računari', slug: 'racunari', link: '/kategorije/racunari' }] }, popular: { items: [] }, product: { items: [] } },
  banners: { top: [], bottom: [] },
}
const nothing = { results: { category: { items: [] }, popular: { items: [] }, product: { items: [] } }, banners: { top: [], bottom: [] } }

function setup() {
  const seen = mockApi({
    'GET /api/v1/autocomplete/first-click': () => json(firstClick),
    'GET /api/v1/autocomplete': (req) => json(new URL(req.url).searchParams.get('q') === 'xyzzy' ? nothing : suggestions),
  })
  renderAt(
    <>
      <SearchBox />
      <button type="button">outside</button>
    </>,
  )
  return { seen, input: screen.getByRole('combobox', { name: 'Pretraga proizvoda' }) }
}

const autocompleteCalls = (seen: Request[]) => seen.filter((r) => new URL(r.url).pathname === '/api/v1/autocomplete').map((r) => new URL(r.url).searchParams.get('q'))

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
}

/** waitDebounce lets ms of fake time pass, then returns to real timers (findBy* polls with them). */
async function waitDebounce(ms = 500) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
  vi.useRealTimers()
}

// userEvent-heavy tests: a generous limit for a shared, loaded machine (not a timing assertion).
const SLOW = 30_000

describe('SearchBox', () => {
  // Only the timers are fake (the debounce); react-query notifies at once, so nothing of the
  // query waits on a fake timer when the test returns to real ones.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    notifyManager.setScheduler((cb) => cb())
  })
  afterEach(() => {
    vi.useRealTimers()
    notifyManager.setScheduler((cb) => setTimeout(cb, 0))
  })

  it('shows first-click suggestions for an empty text on focus', async () => {
    const { input, seen } = setup()
    expect(input).toHaveAttribute('aria-expanded', 'false')
    fireEvent.focus(input)
    vi.useRealTimers()
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByRole('option', { name: 'Računari' })).toBeInTheDocument()
    expect(seen.some((r) => new URL(r.url).pathname === '/api/v1/autocomplete/first-click')).toBe(true)
  }, SLOW)

  it('asks the autocomplete only after 500 ms without typing', async () => {
    const { input, seen } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'fri' } })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300)
    })
    fireEvent.change(input, { target: { value: 'friz' } })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499)
    })
    expect(autocompleteCalls(seen)).toEqual([])
    await waitDebounce(1)
    await screen.findByRole('option', { name: /Gorenje/ })
    expect(autocompleteCalls(seen)).toEqual(['friz'])
    // Highlights render as text: the server's escaped name, matches in <strong>, nothing parsed.
    const product = await screen.findByRole('option', { name: /Frižider <Gorenje> & co/ })
    expect(product.querySelector('strong')).toHaveTextContent('Frižider')
    expect(product.querySelector('img')).toBeNull()
    expect(screen.getByRole('option', { name: 'Frižideri' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'frižider gorenje' })).toBeInTheDocument()
    expect(screen.getByText('1.000,00 RSD')).toBeInTheDocument()
    // The banner keeps its link and image, loses the script and the handler.
    const banner = screen.getByAltText('Akcija')
    expect(banner).not.toHaveAttribute('onerror')
    expect(document.querySelector('script')).toBeNull()
  }, SLOW)

  it('goes to the results page on Enter', async () => {
    const { input } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'фрижидер' } })
    fireEvent.submit(input.closest('form')!)
    await flush()
    expect(screen.getByTestId('location')).toHaveTextContent('/pretraga-proizvoda/%D1%84%D1%80%D0%B8%D0%B6%D0%B8%D0%B4%D0%B5%D1%80')
    expect(input).toHaveAttribute('aria-expanded', 'false')
  }, SLOW)

  it('moves through the options with the arrows and opens the chosen one with Enter', async () => {
    const { input } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'friz' } })
    await waitDebounce()
    await screen.findByRole('option', { name: /Gorenje/ })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(screen.getByRole('option', { name: /Gorenje/ })).toHaveAttribute('aria-selected', 'true')
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Gorenje/ }).id)
    fireEvent.keyDown(input, { key: 'ArrowDown' }) // wraps around
    expect(screen.getByRole('option', { name: 'Frižideri' })).toHaveAttribute('aria-selected', 'true')
    fireEvent.submit(input.closest('form')!)
    expect(screen.getByTestId('location')).toHaveTextContent('/kategorije/frizideri')
  }, SLOW)

  it('closes on an outside click and on Escape', async () => {
    const { input } = setup()
    fireEvent.click(input)
    vi.useRealTimers()
    expect(screen.getByTestId('search-dropdown')).toBeInTheDocument()
    fireEvent.mouseDown(screen.getByRole('button', { name: 'outside' }))
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument()
    fireEvent.click(input)
    expect(screen.getByTestId('search-dropdown')).toBeInTheDocument()
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByTestId('search-dropdown')).not.toBeInTheDocument()
  }, SLOW)

  it("says 'Nema rezultata o pretrazi.' when nothing matches", async () => {
    const { input } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'xyzzy' } })
    await waitDebounce()
    expect(await screen.findByText('Nema rezultata o pretrazi.')).toBeInTheDocument()
  }, SLOW)
})
