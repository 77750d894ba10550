import { act, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { startSession } from '../session/loginState'
import { renderAt } from '../test/render'
import { GuestOnly, RequireLogin, returnPath } from './guards'

function Pages() {
  return (
    <Routes>
      <Route path="/" element={<p>home page</p>} />
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/registracija" element={<p>register page</p>} />
      </Route>
      <Route element={<RequireLogin />}>
        <Route path="/moj-nalog" element={<p>account page</p>} />
      </Route>
    </Routes>
  )
}

const logIn = () => localStorage.setItem('token', 'access-token')

describe('GuestOnly', () => {
  it('shows the page to a guest', () => {
    renderAt(<Pages />, '/login')
    expect(screen.getByText('login page')).toBeInTheDocument()
  })

  it.each(['/login', '/registracija'])('sends a logged-in user from %s home', (path) => {
    logIn()
    renderAt(<Pages />, path)
    expect(screen.getByText('home page')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
  })
})

describe('RequireLogin', () => {
  it('sends a guest to /login, and back to the page after logging in', async () => {
    renderAt(<Pages />, '/moj-nalog?tab=adrese')
    expect(screen.getByText('login page')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/)

    // Logging in (a token appears) re-renders the guard, which returns to the asked-for page.
    act(() => startSession({ token: 't', refresh_token: 'r', expires_in: 900 }))
    expect(await screen.findByText('account page')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/moj-nalog?tab=adrese')
  })

  it('shows the page to a logged-in user', () => {
    logIn()
    renderAt(<Pages />, '/moj-nalog')
    expect(screen.getByText('account page')).toBeInTheDocument()
  })
})

describe('returnPath', () => {
  it.each([
    [null, '/'],
    [{}, '/'],
    [{ from: '/moj-nalog' }, '/moj-nalog'],
    [{ from: '//evil.example/x' }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
  ])('%j -> %s', (state, want) => {
    expect(returnPath(state)).toBe(want)
  })
})
