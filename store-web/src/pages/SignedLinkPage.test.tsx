import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { paths } from '../routes/paths'
import { json, mockApi, renderAt } from '../test/render'
import { SignedLinkPage } from './SignedLinkPage'

function renderLinks(at: string) {
  return renderAt(
    <Routes>
      <Route path={paths.newsletterConfirm} element={<SignedLinkPage kind="newsletterConfirm" />} />
      <Route path={paths.newsletterUnsubscribe} element={<SignedLinkPage kind="newsletterUnsubscribe" />} />
      <Route path={paths.stockUnsubscribe} element={<SignedLinkPage kind="stockUnsubscribe" />} />
    </Routes>,
    at,
  )
}

describe('SignedLinkPage', () => {
  it('confirms a subscription once with the link’s query and shows the answer', async () => {
    const calls = mockApi({ 'POST /api/v1/newsletter/confirm': () => json({ message: 'Uspešno ste se prijavili na newsletter.' }) })
    renderLinks('/newsletter/potvrda?id=12&expires=1796224503&signature=abc')
    expect(await screen.findByRole('status')).toHaveTextContent('Uspešno ste se prijavili na newsletter.')
    expect(calls).toHaveLength(1)
    expect(await calls[0].json()).toEqual({ id: 12, expires: 1796224503, signature: 'abc' })
  })

  it('shows the server’s refusal of a forged or expired link', async () => {
    mockApi({ 'POST /api/v1/newsletter/unsubscribe': () => json({ message: 'Link je neispravan ili je istekao.' }, 404) })
    renderLinks('/newsletter/odjava?id=12&signature=bad')
    expect(await screen.findByRole('alert')).toHaveTextContent('Link je neispravan ili je istekao.')
  })

  it('cancels a back-in-stock alert through the API’s GET', async () => {
    const calls = mockApi({ 'GET /api/v1/available-again/unsubscribe': () => json({ message: 'Odjavljeni ste.' }) })
    renderLinks('/obavestenje-o-dostupnosti/odjava?id=4&signature=s1')
    expect(await screen.findByRole('status')).toHaveTextContent('Odjavljeni ste.')
    const u = new URL(calls[0].url)
    expect(u.searchParams.get('id')).toBe('4')
    expect(u.searchParams.get('signature')).toBe('s1')
  })

  it('calls nothing for a link without its query', async () => {
    const calls = mockApi({})
    renderLinks('/newsletter/potvrda')
    expect(await screen.findByRole('alert')).toHaveTextContent('Link je neispravan ili je istekao.')
    expect(calls).toHaveLength(0)
  })
})
