import { act, fireEvent, screen } from '@testing-library/react'
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

  it('folds and unfolds a group', async () => {
    renderApp(<SidebarMenu user={urednik} modules={['Banner']} />, { at: '/' })
    await settle()
    const group = screen.getByRole('button', { name: /Katalog/ })
    expect(group.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(group)
    expect(group.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Proizvodi' })).toBeNull()
    fireEvent.click(group)
    expect(screen.getByRole('link', { name: 'Proizvodi' })).toBeTruthy()
  })

  it('collapsed to icons: the groups by name, their entries beside them on hover', async () => {
    renderApp(<SidebarMenu user={urednik} modules={['Banner']} collapsed />, { at: '/proizvodi' })
    await settle()
    expect(screen.queryByRole('link', { name: 'Proizvodi' })).toBeNull()
    const group = screen.getByRole('button', { name: 'Katalog' })
    expect(group.getAttribute('aria-current')).toBe('location')
    fireEvent.mouseEnter(group)
    expect((await screen.findByRole('link', { name: 'Proizvodi' })).getAttribute('aria-current')).toBe('page')
  })
})

describe('SidebarMenu supplier-login link', () => {
  const settle = () => act(() => new Promise((r) => setTimeout(r, 50)))

  it('opens the configured supplier login in a new tab', async () => {
    renderApp(<SidebarMenu user={urednik} modules={[]} supplierLoginUrl="https://dobavljaci.example/prijava" />, { at: '/' })
    await settle()
    const link = screen.getByRole('link', { name: /Prijava dobavljača/ })
    expect(link.getAttribute('href')).toBe('https://dobavljaci.example/prijava')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('is hidden when no URL is configured', async () => {
    renderApp(<SidebarMenu user={urednik} modules={[]} supplierLoginUrl="" />, { at: '/' })
    await settle()
    expect(screen.queryByRole('link', { name: /Prijava dobavljača/ })).toBeNull()
  })
})
