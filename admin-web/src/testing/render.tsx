// Test rendering: a QueryClient already holding the logged-in user and the modules, and a
// memory router at the given address. The URL it ends up at is shown in [data-testid=location].
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { saveTokens } from '@shop/shared'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { User } from '../api/client'
import { sessionKeys } from '../hooks/api/session'

export function Location() {
  const l = useLocation()
  return <output data-testid="location">{l.pathname + l.search}</output>
}

/** testUser: a user with the fields a test leaves out filled in (no roles, no permissions). */
export function testUser(u: Partial<User> & Pick<User, 'id'>): User {
  return { name: 'Test', email: 'test@example.rs', active: true, image_thumb: null, roles: [], permissions: [], ...u }
}

export interface Setup {
  /** the logged-in user; the fields left out as testUser fills them */
  user?: (Partial<User> & Pick<User, 'id'>) | null
  modules?: string[]
  at?: string
  /** the path pattern the ui is mounted on (default '*') */
  path?: string
  /** other routes, e.g. the home a guard redirects to */
  others?: Record<string, ReactNode>
}

export function renderApp(ui: ReactNode, { user, modules, at = '/', path = '*', others = {} }: Setup = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  if (user) {
    saveTokens({ token: 't', refresh_token: 'r', expires_in: 900 })
    qc.setQueryData(sessionKeys.me(), testUser(user))
  }
  if (modules) qc.setQueryData(sessionKeys.modules(), modules)
  const result = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          {Object.entries(others).map(([p, el]) => (
            <Route key={p} path={p} element={el} />
          ))}
          <Route path={path} element={ui} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...result, qc }
}
