// The storefront's one API client: typed by the generated schema, with the shared auth
// middleware (bearer token, Accept-Language, token refresh).
import { createAuthMiddleware } from '@shop/shared'
import createClient from 'openapi-fetch'
import { sessionEnded } from '../session/loginState'
import type { paths } from '@shop/shared'

export const api = createClient<paths>({
  baseUrl: window.location.origin,
  // Looked up on every call rather than captured once, so tests can stub the global fetch.
  fetch: (request) => globalThis.fetch(request),
})

api.use(createAuthMiddleware({ onSessionEnd: sessionEnded }))
