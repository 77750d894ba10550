import { screen, waitFor } from '@testing-library/react'
import { getToken, saveTokens } from '@shop/shared'
import { client } from '../api/client'
import { renderApp } from '../testing/render'
import { AdminLayout } from './AdminLayout'

afterEach(() => vi.restoreAllMocks())

function answer(status: number, body: unknown) {
  const ok = status < 300
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) }
}

const login = { '/login': <p>login page</p> }

describe('AdminLayout', () => {
  it("shows the sidebar and the user's name and initials to a super-admin", async () => {
    renderApp(<AdminLayout />, {
      user: { id: 1, name: 'Demo Administrator', roles: ['super-admin'], permissions: [] },
      modules: ['Banner'],
      others: { ...login },
    })
    expect(await screen.findByTestId('sidebar')).toBeTruthy()
    expect(screen.getByText('Demo Administrator')).toBeTruthy()
    expect(screen.getByText('DA')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Korisnici' })).toBeTruthy()
  })

  it('does not open the back office to a customer', async () => {
    renderApp(<AdminLayout />, { user: { id: 3, name: 'Demo Kupac', roles: ['customer'] }, modules: [] })
    expect(await screen.findByText('Nalog kupca nema pristup admin panelu.')).toBeTruthy()
    expect(screen.queryByTestId('sidebar')).toBeNull()
  })

  it('sends a dead session to the login page and forgets it', async () => {
    saveTokens({ token: 'dead', refresh_token: 'r', expires_in: 900 })
    vi.spyOn(client, 'GET').mockImplementation((async (path: string) =>
      path === '/api/v1/users/token' ? answer(401, { message: 'Niste prijavljeni.' }) : answer(200, { data: {} })) as unknown as typeof client.GET)
    renderApp(<AdminLayout />, { others: login })
    expect(await screen.findByText('login page')).toBeTruthy()
    await waitFor(() => expect(getToken()).toBeNull())
  })
})
