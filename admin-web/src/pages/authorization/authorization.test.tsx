// The authorization screen and the users' deactivate/delete against the API's paths
// (openapi-fetch's client spied on): permissions grouped as the server groups them, a role
// created, re-permissioned and renamed in one save, a delete the server refuses (its message
// shown), the fixed roles locked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { UserList } from '../users/UserList'
import { AuthorizationPage } from './AuthorizationPage'

afterEach(() => vi.restoreAllMocks())

const admin = { id: 1, roles: ['super-admin'], permissions: [] }

function ok(body: unknown, status = 200) {
  return { data: body, error: undefined, response: new Response(null, { status }) }
}
function refused(status: number, message: string) {
  return { data: undefined, error: { message }, response: new Response(null, { status }) }
}

const groups = [
  { id: 1, name: 'Korisnici', permissions: [{ id: 1, name: 'view-user' }, { id: 2, name: 'create-user' }] },
  { id: 2, name: 'Katalog', permissions: [{ id: 3, name: 'view-product' }, { id: 4, name: 'view-brand' }] },
]
const roles = [
  { id: 1, name: 'super-admin', permissions: [], users_count: 1, fixed: true },
  { id: 3, name: 'urednik', permissions: ['view-product'], users_count: 2, fixed: false },
]

function mockGets() {
  return vi.spyOn(client, 'GET').mockImplementation(((path: string) =>
    Promise.resolve(path === '/api/v1/admin/permissions' ? ok({ data: groups }) : ok({ data: roles }))) as never)
}

describe('Authorization screen', () => {
  it('shows the server permissions by group and saves a role name and its permissions together', async () => {
    mockGets()
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Uloga je uspešno izmenjena.', data: roles[1] }) as never)
    renderApp(<AuthorizationPage />, { user: admin, at: '/autorizacija' })
    fireEvent.click(await screen.findByRole('button', { name: 'urednik' }))
    expect(await screen.findByText('Korisnici', { selector: 'legend' })).toBeTruthy()
    expect(screen.getByText('Katalog', { selector: 'legend' })).toBeTruthy()
    const viewProduct = screen.getByRole('checkbox', { name: 'Pregled proizvoda view-product' }) as HTMLInputElement
    expect(viewProduct.checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Pregled korisnika view-user' }) as HTMLInputElement).checked).toBe(false)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pregled korisnika view-user' }))
    fireEvent.click(viewProduct)
    const name = screen.getByLabelText('Naziv')
    fireEvent.change(name, { target: { value: 'U' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    expect(await screen.findByText('Polje mora sadržati minimum 2 karaktera')).toBeTruthy()
    expect(patch).not.toHaveBeenCalled()
    fireEvent.change(name, { target: { value: 'Urednik sadržaja' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/v1/admin/roles/{id}', {
        params: { path: { id: 3 } },
        body: { name: 'Urednik sadržaja', permissions: ['view-user'] },
      }),
    )
  }, 30_000)

  it('creates a role and shows the refusal of deleting a role users hold', async () => {
    mockGets()
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Uloga je uspešno kreirana.', data: { id: 9, name: 'Magacin' } }, 201) as never)
    const del = vi
      .spyOn(client, 'DELETE')
      .mockResolvedValue(refused(409, 'Uloga se ne može obrisati: dodeljena je korisnicima (2).') as never)
    renderApp(<AuthorizationPage />, { user: admin, at: '/autorizacija' })
    fireEvent.click(await screen.findByRole('button', { name: /Nova uloga/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Naziv'), { target: { value: 'Magacin' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sačuvaj' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/roles', { body: { name: 'Magacin', permissions: [] } }))

    // the fixed super-admin has no delete button
    expect(screen.queryByRole('button', { name: 'Obriši super-admin' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Obriši urednik' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Da' }))
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/roles/{id}', { params: { path: { id: 3 } } }))
    expect((await screen.findByTestId('role-refusal')).textContent).toContain('dodeljena je korisnicima (2)')
  }, 30_000)

  it('locks the fixed roles', async () => {
    mockGets()
    renderApp(<AuthorizationPage />, { user: admin, at: '/autorizacija' })
    fireEvent.click(await screen.findByRole('button', { name: 'super-admin' }))
    expect(await screen.findByText('Uloge super-admin i customer se ne mogu menjati ni brisati.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Sačuvaj' })).toBeNull()
    // super-admin can everything
    expect((screen.getByRole('checkbox', { name: 'Pregled brendova view-brand' }) as HTMLInputElement).checked).toBe(true)
  }, 30_000)
})

describe('Users list: deactivate and delete', () => {
  const users = [
    { id: 1, name: 'Admin', email: 'admin@demo.local', roles: ['super-admin'], active: true },
    { id: 5, name: 'Marko', email: 'marko@demo.local', roles: ['urednik'], active: true },
  ]
  const meta = { total: 2, per_page: 20, current_page: 1, last_page: 1 }

  it('asks, then deactivates; shows the server refusing to delete yourself', async () => {
    // a change reloads the caller's own session too: it stays the super-admin
    vi.spyOn(client, 'GET').mockImplementation(((path: string) =>
      Promise.resolve(path === '/api/v1/users/token' ? ok({ data: admin }) : ok({ data: users, meta }))) as never)
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Korisnik je deaktiviran.', data: { ...users[1], active: false } }) as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(refused(409, 'Ne možete obrisati ni deaktivirati sopstveni nalog.') as never)
    renderApp(<UserList />, { user: admin, at: '/korisnici' })
    fireEvent.click(await screen.findByRole('button', { name: 'Deaktiviraj Marko' }))
    expect(await screen.findByText('Korisnik Marko neće moći da se prijavi dok ga ponovo ne aktivirate.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Da' }))
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/admin/users/{id}/deactivate', { params: { path: { id: 5 } } }))

    fireEvent.click(await screen.findByRole('button', { name: 'Obriši Admin' }))
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Da' }).length).toBeGreaterThan(0))
    fireEvent.click(screen.getAllByRole('button', { name: 'Da' }).at(-1)!)
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/v1/admin/users/{id}', { params: { path: { id: 1 } } }))
    expect((await screen.findByTestId('user-refusal')).textContent).toContain('Ne možete obrisati ni deaktivirati sopstveni nalog.')
  }, 30_000)
})

describe('Permission labels', () => {
  it('name every permission the server knows, in Serbian and English', async () => {
    const { Perm } = await import('@shop/shared')
    const sr = (await import('../../i18n/staff.sr.json')).default.staff.permissionLabels as Record<string, string>
    const en = (await import('../../i18n/staff.en.json')).default.staff.permissionLabels as Record<string, string>
    const names = Object.values(Perm)
    expect(names.filter((p) => !sr[p])).toEqual([])
    expect(names.filter((p) => !en[p])).toEqual([])
    expect(Object.keys(sr).filter((k) => !names.includes(k as never))).toEqual([])
  })
})
