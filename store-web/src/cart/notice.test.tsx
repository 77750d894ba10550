import { act, screen } from '@testing-library/react'
import { Link, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { mockApi, renderAt } from '../test/render'
import { StoreLayout } from '../shell/StoreLayout'
import { closeNotice, showNotice } from './notice'

afterEach(() => closeNotice())

describe('the cart notice', () => {
  it('does not follow the shopper to the next page (it covered "Završi kupovinu" on /korpa)', async () => {
    mockApi({})
    renderAt(
      <Routes>
        <Route element={<StoreLayout />}>
          <Route path="/" element={<Link to="/korpa">Korpa</Link>} />
          <Route path="/korpa" element={<p>Korpa stranica</p>} />
        </Route>
      </Routes>,
    )
    act(() => showNotice('success', 'Proizvod dodat u korpu!'))
    expect(screen.getByText('Proizvod dodat u korpu!')).toBeInTheDocument()
    act(() => screen.getAllByRole('link', { name: 'Korpa' }).at(-1)!.click())
    expect(await screen.findByText('Korpa stranica')).toBeInTheDocument()
    expect(screen.queryByText('Proizvod dodat u korpu!')).not.toBeInTheDocument()
  }, 30_000)
})
