import { act, screen } from '@testing-library/react'
import { renderApp } from '../testing/render'
import { SidebarMenu } from './SidebarMenu'

const urednik = { roles: ['urednik'], permissions: ['view-product', 'view-order'] }

describe('SidebarMenu', () => {
  // the current entry scrolls into view after mounting
  const settle = () => act(() => new Promise((r) => setTimeout(r, 50)))

  it('lists what the user may see and highlights the current section', async () => {
    renderApp(<SidebarMenu user={urednik} modules={['Banner']} />, { at: '/proizvodi/15' })
    await settle()
    expect(screen.getByRole('link', { name: 'Porudžbine' }).getAttribute('href')).toBe('/porudzbine')
    expect(screen.getByRole('link', { name: 'Baneri' })).toBeTruthy()
    expect(screen.queryByText('Korisnici')).toBeNull()
    expect(screen.queryByText('Vesti')).toBeNull()
    expect(screen.queryByText('Redovi poslova')).toBeNull()
    const selected = document.querySelectorAll('[aria-current="page"]')
    expect(Array.from(selected, (el) => el.textContent)).toEqual(['Proizvodi'])
  })

  it('gives super-admin the queue monitor as a full page link', async () => {
    renderApp(<SidebarMenu user={{ roles: ['super-admin'] }} modules={[]} />, { at: '/' })
    await settle()
    expect(screen.getByRole('link', { name: 'Redovi poslova' }).getAttribute('href')).toBe('/admin/queues')
    expect(screen.getByRole('link', { name: 'Korisnici' })).toBeTruthy()
    expect(Array.from(document.querySelectorAll('[aria-current="page"]'), (el) => el.textContent)).toEqual(['Početna'])
  })
})
