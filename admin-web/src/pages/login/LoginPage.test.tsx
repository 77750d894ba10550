import { fireEvent, screen, waitFor } from '@testing-library/react'
import { getToken } from '@shop/shared'
import { client } from '../../api/client'
import { renderApp } from '../../testing/render'
import { LoginPage } from './LoginPage'

type PostResult = Awaited<ReturnType<typeof client.POST>>

function answer(status: number, body: unknown): PostResult {
  const ok = status < 300
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) } as PostResult
}

function session(roles: string[]) {
  return { data: { token: 'acc', refresh_token: 'ref', expires_in: 900, user: { id: 5, name: 'Ana', roles, permissions: [] } } }
}

function fillAndSubmit() {
  fireEvent.change(document.querySelector('input[name=email]')!, { target: { value: 'ana@demo.local' } })
  fireEvent.change(document.querySelector('input[name=password]')!, { target: { value: 'demo1234' } })
  fireEvent.click(screen.getByRole('button', { name: 'Prijavi se' }))
}

const home = { '/': <p>admin home</p> }

describe('LoginPage', () => {
  afterEach(() => vi.restoreAllMocks())

  it('puts a 422 on the fields and stays', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue(answer(422, { message: 'Podaci nisu ispravni.', errors: { email: ['Pogrešan email ili lozinka'] } }))
    renderApp(<LoginPage />, { at: '/login', path: '/login', others: home })
    fillAndSubmit()
    expect(await screen.findByText('Pogrešan email ili lozinka')).toBeTruthy()
    expect(post).toHaveBeenCalledWith('/api/v1/login', { body: { email: 'ana@demo.local', password: 'demo1234' } })
    expect(screen.getByTestId('location').textContent).toBe('/login')
    expect(getToken()).toBeNull()
  })

  it('saves the session of staff and goes to the admin home', async () => {
    vi.spyOn(client, 'POST').mockResolvedValue(answer(200, session(['urednik'])))
    renderApp(<LoginPage />, { at: '/login', path: '/login', others: home })
    fillAndSubmit()
    expect(await screen.findByText('admin home')).toBeTruthy()
    expect(getToken()).toBe('acc')
  })

  it('refuses a customer: a message, no session, and the customer token revoked', async () => {
    const post = vi.spyOn(client, 'POST').mockImplementation((async (path: string) =>
      path === '/api/v1/login' ? answer(200, session(['customer'])) : answer(200, { message: 'ok' })) as unknown as typeof client.POST)
    renderApp(<LoginPage />, { at: '/login', path: '/login', others: home })
    fillAndSubmit()
    expect(await screen.findByText('Nalog kupca nema pristup admin panelu.')).toBeTruthy()
    expect(getToken()).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/login')
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/logout', { headers: { Authorization: 'Bearer acc' } }))
  })

  it('checks the fields before calling the server', async () => {
    const post = vi.spyOn(client, 'POST')
    renderApp(<LoginPage />, { at: '/login', path: '/login' })
    fireEvent.click(screen.getByRole('button', { name: 'Prijavi se' }))
    await waitFor(() => expect(screen.getAllByText('Polje je obavezno')).toHaveLength(2))
    expect(post).not.toHaveBeenCalled()
  })
})
