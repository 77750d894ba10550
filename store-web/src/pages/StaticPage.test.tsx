import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router'
import { comingSoon, routePatterns, staticPages } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { StaticPage } from './StaticPage'

function StoreRoutes() {
  return (
    <Routes>
      {staticPages.map((slug) => (
        <Route key={slug} path={`/${slug}`} element={<StaticPage key={slug} slug={slug} />} />
      ))}
    </Routes>
  )
}

const delivery = {
  slug: 'uslovi-isporuke',
  title: 'Uslovi isporuke',
  body_html:
    '<p>Dostava je besplatna.</p><p><a href="/uslovi-koriscenja#buyers_right">Prava kupaca</a> <a href="#shipment_tracking">Praćenje</a></p><h2 id="shipment_tracking">Praćenje pošiljke</h2><p>Broj pošiljke dobijate e-poštom.</p>',
  updated_at: '2026-11-20T10:00:00Z',
}
const terms = {
  slug: 'uslovi-koriscenja',
  title: 'Uslovi korišćenja',
  body_html: '<h2 id="buyers_right">Prava kupaca</h2><p>…</p><h2 id="delivery">Isporuka</h2>',
  updated_at: '2026-11-20T10:00:00Z',
}

let scrolled: string[]

beforeEach(() => {
  scrolled = []
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this.id)
  })
})
afterEach(() => {
  // @ts-expect-error jsdom has none; the test added it
  delete Element.prototype.scrollIntoView
})

function api() {
  return mockApi({
    'GET /api/v1/pages/uslovi-isporuke': () => json({ data: delivery }),
    'GET /api/v1/pages/uslovi-koriscenja': () => json({ data: terms }),
  })
}

describe('StaticPage', () => {
  it('is routed for every static page of the contract, none left as coming soon', () => {
    expect(staticPages).toHaveLength(28)
    for (const slug of staticPages) expect(routePatterns).toContain(`/${slug}`)
    expect(comingSoon.filter((p) => staticPages.includes(p.slice(1)))).toEqual([])
    expect(comingSoon).not.toContain('/akcije')
  })

  it('renders the page from GET pages/{slug} and scrolls to the URL’s anchor', async () => {
    api()
    renderAt(<StoreRoutes />, '/uslovi-isporuke#shipment_tracking')
    expect(await screen.findByRole('heading', { level: 1, name: 'Uslovi isporuke' })).toBeInTheDocument()
    expect(screen.getByText('Dostava je besplatna.')).toBeInTheDocument()
    await waitFor(() => expect(scrolled).toContain('shipment_tracking'))
  })

  it('follows links inside the text through the router, anchors included', async () => {
    api()
    renderAt(<StoreRoutes />, '/uslovi-isporuke')
    await screen.findByText('Dostava je besplatna.')
    await userEvent.click(screen.getByRole('link', { name: 'Praćenje' }))
    await waitFor(() => expect(scrolled).toContain('shipment_tracking'))

    await userEvent.click(screen.getByRole('link', { name: 'Prava kupaca' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Uslovi korišćenja' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/uslovi-koriscenja')
    await waitFor(() => expect(scrolled).toContain('buyers_right'))
  })

  it('shows the not-found page for a page the server does not have', async () => {
    mockApi({})
    renderAt(<StoreRoutes />, '/servis')
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
  })

  it('asks in the chosen language', async () => {
    const { default: i18n } = await import('../i18n')
    await i18n.changeLanguage('en')
    localStorage.setItem('language', 'en')
    const calls = api()
    renderAt(<StoreRoutes />, '/uslovi-isporuke')
    await screen.findByText('Dostava je besplatna.')
    expect(calls.find((c) => c.url.includes('/pages/'))!.headers.get('Accept-Language')).toBe('en')
  })
})
