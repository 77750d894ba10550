// Rendering helpers for component tests: a fresh query client and an in-memory router, and a
// fake API answering by "METHOD /path".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'

export function renderAt(ui: ReactElement, route = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...result, client }
}

/** LocationProbe exposes the router's current path to assertions. */
function LocationProbe() {
  const { pathname, search } = useLocation()
  return <span data-testid="location">{pathname + search}</span>
}

export type Handler = (req: Request) => Response | Promise<Response>

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** mockApi replaces fetch; unknown calls answer 404. Returns the list of requests seen. */
const SHOP_INFO = 'GET /api/v1/shop'
const defaultShop = {
  name: 'ElektroMarket',
  legal_name: 'ElektroMarket d.o.o.',
  address: 'Bulevar kralja Aleksandra 73, 11000 Beograd',
  phones: ['011 4150 100'],
  email: 'prodaja@elektromarket.rs',
  web: 'http://localhost:8080',
  pib: '100000024',
  registration_number: '21234567',
  account: '160000000001234595',
}

export function mockApi(handlers: Record<string, Handler>): Request[] {
  const seen: Request[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init)
      const key = `${req.method} ${new URL(req.url).pathname}`
      const h = handlers[key]
      // The shop's identity is read by the shell on every page: answered with a default and
      // kept out of the calls a test counts, unless the test handles it itself.
      if (!h && key === SHOP_INFO) return json({ data: defaultShop })
      seen.push(req)
      return h ? h(req.clone()) : json({ message: 'not found' }, 404)
    }),
  )
  return seen
}

export const session = (roles: string[] = ['customer']) => ({
  token: 'access-token',
  refresh_token: 'refresh-token',
  expires_in: 900,
  user: { id: 7, name: 'Petar Petrović', email: 'petar@primer.rs', roles, permissions: [] },
})
