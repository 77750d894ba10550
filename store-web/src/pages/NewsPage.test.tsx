import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { paths } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { NewsListPage } from './NewsListPage'
import { NewsPage } from './NewsPage'

function Pages() {
  return (
    <Routes>
      <Route path={paths.news} element={<NewsListPage />} />
      <Route path={paths.newsPost} element={<NewsPage />} />
    </Routes>
  )
}

describe('news', () => {
  it('lists the news of the page in the URL', async () => {
    const calls = mockApi({
      'GET /api/v1/news': () =>
        json({
          data: [{ id: 7, title: 'Novi laptopovi', excerpt: 'Stigli su.', image_url: null, published_at: '2026-11-24T09:00:00Z' }],
          meta: { total: 30, per_page: 12, current_page: 2 },
        }),
    })
    renderAt(<Pages />, '/vesti?page=2')
    expect(await screen.findByRole('link', { name: 'Novi laptopovi' })).toHaveAttribute('href', '/vesti/7')
    expect(screen.getByText('24.11.2026')).toBeInTheDocument()
    expect(new URL(calls[0].url).searchParams.get('page')).toBe('2')
    expect(screen.getByRole('link', { name: 'Strana 3' })).toHaveAttribute('href', '/vesti?page=3')
    expect(screen.getByRole('link', { name: 'Strana 1' })).toHaveAttribute('href', '/vesti')
  })

  it('shows one post, and not-found for an unknown id', async () => {
    mockApi({
      'GET /api/v1/news/7': () =>
        json({ data: { id: 7, title: 'Novi laptopovi', body_html: '<p>Ceo tekst.</p>', image_url: null, published_at: '2026-11-24T09:00:00Z' } }),
    })
    const first = renderAt(<Pages />, '/vesti/7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Novi laptopovi' })).toBeInTheDocument()
    expect(screen.getByText('Ceo tekst.')).toBeInTheDocument()
    first.unmount()

    renderAt(<Pages />, '/vesti/999')
    expect(await screen.findByTestId('not-found')).toBeInTheDocument()
  })
})
