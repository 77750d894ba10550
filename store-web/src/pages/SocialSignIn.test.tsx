import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { GuestOnly } from '../routes/guards'
import { json, mockApi, renderAt, session } from '../test/render'
import { LoginPage } from './LoginPage'
import { RegisterPage } from './RegisterPage'

function Pages() {
  return (
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route path="/korpa" element={<p>cart page</p>} />
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/registracija" element={<RegisterPage />} />
      </Route>
    </Routes>
  )
}

const providers = (list: string[]) => () => json({ data: list })

describe('social sign-in buttons', () => {
  it('shows a button for each offered provider on the login page, linking to the server', async () => {
    mockApi({ 'GET /api/v1/auth/providers': providers(['facebook', 'google']) })
    renderAt(<Pages />, '/login')
    const google = await screen.findByRole('link', { name: /Prijavi se preko Google naloga/ }, { timeout: 5000 })
    expect(google).toHaveAttribute('href', '/api/v1/auth/google/start?return=%2F')
    expect(screen.getByRole('link', { name: /Prijavi se preko Facebook naloga/ })).toHaveAttribute(
      'href',
      '/api/v1/auth/facebook/start?return=%2F',
    )
  })

  it('shows only the offered ones, on the registration page too', async () => {
    mockApi({ 'GET /api/v1/auth/providers': providers(['google']) })
    renderAt(<Pages />, '/registracija')
    expect(await screen.findByRole('link', { name: /Registruj se preko Google naloga/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Facebook/ })).not.toBeInTheDocument()
  })

  it('shows none when the shop offers none (or the call fails)', async () => {
    const calls = mockApi({ 'GET /api/v1/auth/providers': providers([]) })
    renderAt(<Pages />, '/login')
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/v1/auth/providers'))).toBe(true))
    expect(screen.queryByRole('link', { name: /Google|Facebook/ })).not.toBeInTheDocument()
    expect(screen.queryByText('ili')).not.toBeInTheDocument()
  })
})

describe('social sign-in return', () => {
  it('shows the refusal the server reports, in Serbian', async () => {
    mockApi({ 'GET /api/v1/auth/providers': providers(['google']) })
    renderAt(<Pages />, '/login?social_error=email')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nalog nema potvrđenu e-mail adresu. Potvrdite je kod servisa za prijavu ili se registrujte lozinkom.',
    )
  })

  it('shows an unknown code as a general failure', async () => {
    mockApi({})
    renderAt(<Pages />, '/login?social_error=%3Cscript%3E')
    expect(await screen.findByRole('alert')).toHaveTextContent('Prijava trenutno nije moguća. Pokušajte kasnije.')
  })

  it('shows the refusal in English when English is chosen', async () => {
    localStorage.setItem('language', 'en')
    const { default: i18n } = await import('../i18n')
    await i18n.changeLanguage('en')
    try {
      mockApi({})
      renderAt(<Pages />, '/login?social_error=staff')
      expect(await screen.findByRole('alert')).toHaveTextContent('Staff accounts sign in with their e-mail and password.')
    } finally {
      localStorage.removeItem('language')
      await i18n.changeLanguage('sr')
    }
  })

  it('finishes the sign-in once, stores the tokens and goes to the return path', async () => {
    const calls = mockApi({
      'POST /api/v1/auth/social/session': () => json({ data: session() }),
      'GET /api/v1/users/token': () => json({ data: { ...session().user, addresses: [] } }),
    })
    renderAt(<Pages />, '/login?social=google&next=%2Fkorpa')
    expect(await screen.findByText('cart page')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('access-token')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-token')
    expect(calls.filter((c) => c.url.endsWith('/api/v1/auth/social/session'))).toHaveLength(1)
  })

  it('never goes to another site after the sign-in', async () => {
    mockApi({
      'POST /api/v1/auth/social/session': () => json({ data: session() }),
      'GET /api/v1/users/token': () => json({ data: { ...session().user, addresses: [] } }),
    })
    renderAt(<Pages />, '/login?social=google&next=%2F%2Fevil.example')
    expect(await screen.findByText('home page')).toBeInTheDocument()
  })

  it('says so when the hand-over has expired', async () => {
    mockApi({ 'POST /api/v1/auth/social/session': () => json({ message: 'Prijava je istekla. Pokušajte ponovo.' }, 401) })
    renderAt(<Pages />, '/login?social=google&next=%2F')
    expect(await screen.findByRole('alert')).toHaveTextContent('Prijava je istekla. Pokušajte ponovo.')
    expect(localStorage.getItem('token')).toBeNull()
  })
})
