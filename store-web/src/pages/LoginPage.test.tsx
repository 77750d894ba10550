import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { GuestOnly } from '../routes/guards'
import { json, mockApi, renderAt, session } from '../test/render'
import { LoginPage } from './LoginPage'

function Pages() {
  return (
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
    </Routes>
  )
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup()
  if (email) await user.type(screen.getByLabelText('E-mail adresa'), email)
  if (password) await user.type(screen.getByLabelText('Lozinka'), password)
  await user.click(screen.getByRole('button', { name: 'Prijavi se' }))
}

/** formCalls is mockApi with the calls the form makes: the social buttons' provider list is left out. */
function formCalls(handlers: Parameters<typeof mockApi>[0]) {
  const all = mockApi(handlers)
  return {
    get length() {
      return all.filter((c) => !c.url.endsWith('/api/v1/auth/providers')).length
    },
    at: (i: number) => all.filter((c) => !c.url.endsWith('/api/v1/auth/providers'))[i],
  }
}

describe('LoginPage', () => {
  it('shows a wrong-login 422 under the e-mail field', async () => {
    const calls = formCalls({
      'POST /api/v1/login': () =>
        json({ message: 'Podaci nisu ispravni.', errors: { email: ['Pogrešan email ili lozinka'] } }, 422),
    })
    renderAt(<Pages />, '/login')
    await fillAndSubmit('kupac@demo.local', 'pogresna1')

    const email = screen.getByLabelText('E-mail adresa')
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription('Pogrešan email ili lozinka')
    expect(screen.getByLabelText('Lozinka')).not.toHaveAttribute('aria-invalid')
    expect(localStorage.getItem('token')).toBeNull()
    expect(calls.length).toBe(1)
    expect(await calls.at(0).json()).toEqual({ email: 'kupac@demo.local', password: 'pogresna1' })
    expect(calls.at(0).headers.get('Accept-Language')).toBe('sr')
  })

  it('checks the fields before calling the API', async () => {
    const calls = formCalls({})
    renderAt(<Pages />, '/login')
    await fillAndSubmit('nije-email', '')

    expect(screen.getByLabelText('E-mail adresa')).toHaveAccessibleDescription('Niste uneli pravilnu e-mail adresu.')
    expect(screen.getByLabelText('Lozinka')).toHaveAccessibleDescription('Polje je obavezno')
    expect(calls.length).toBe(0)
  })

  it('stores the tokens and goes home on success', async () => {
    mockApi({
      'POST /api/v1/login': () => json({ data: session() }),
      'GET /api/v1/users/token': () => json({ data: { ...session().user, addresses: [] } }),
    })
    renderAt(<Pages />, '/login')
    await fillAndSubmit('petar@primer.rs', 'lozinka123')

    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('access-token')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token')
    expect(Number(localStorage.getItem('token_expires_at'))).toBeGreaterThan(Date.now())
  })

  it('shows a non-field error (too many attempts) above the form', async () => {
    mockApi({ 'POST /api/v1/login': () => json({ message: 'Previše pokušaja. Pokušajte kasnije.' }, 429) })
    renderAt(<Pages />, '/login')
    await fillAndSubmit('petar@primer.rs', 'lozinka123')
    expect(await screen.findByRole('alert')).toHaveTextContent('Previše pokušaja. Pokušajte kasnije.')
  })
})
