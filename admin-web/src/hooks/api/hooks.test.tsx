import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { getModules, getToken, saveTokens } from '@shop/shared'
import type { ReactNode } from 'react'
import { client } from '../../api/client'
import { sessionKeys, useLogout, useModules } from './session'
import { userKeys, useUpdateUser } from './users'

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

function wrapper(qc: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

afterEach(() => vi.restoreAllMocks())

describe('session hooks', () => {
  it('useModules gives the enabled names and stores them under modules', async () => {
    vi.spyOn(client, 'GET').mockResolvedValue(ok({ data: { News: true, Banner: true, B2C: false } }) as never)
    const { result } = renderHook(() => useModules(), { wrapper: wrapper(newClient()) })
    await waitFor(() => expect(result.current.isFetched).toBe(true))
    expect(result.current.data).toEqual(['Banner', 'News'])
    expect(getModules()).toEqual(['Banner', 'News'])
  })

  it('useLogout forgets the session even when the server call fails', async () => {
    saveTokens({ token: 't', refresh_token: 'r', expires_in: 900 })
    const post = vi.spyOn(client, 'POST').mockRejectedValue(new TypeError('Failed to fetch'))
    const qc = newClient()
    qc.setQueryData(sessionKeys.me(), { id: 1 })
    const { result } = renderHook(() => useLogout(), { wrapper: wrapper(qc) })
    await result.current.mutateAsync().catch(() => undefined)
    expect(post).toHaveBeenCalledWith('/api/v1/logout')
    expect(getToken()).toBeNull()
    expect(qc.getQueryData(sessionKeys.me())).toBeUndefined()
  })
})

describe('user hooks', () => {
  it('useUpdateUser invalidates the lists and that user', async () => {
    vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Korisnik je uspešno izmenjen.', data: { id: 7 } }) as never)
    const qc = newClient()
    qc.setQueryData(userKeys.list({ page: 1 }), { data: [] })
    qc.setQueryData(userKeys.detail(7), { id: 7 })
    qc.setQueryData(userKeys.detail(8), { id: 8 })
    const { result } = renderHook(() => useUpdateUser(7), { wrapper: wrapper(qc) })
    await result.current.mutateAsync({ name: 'Nova' })
    expect(qc.getQueryState(userKeys.list({ page: 1 }))?.isInvalidated).toBe(true)
    expect(qc.getQueryState(userKeys.detail(7))?.isInvalidated).toBe(true)
    expect(qc.getQueryState(userKeys.detail(8))?.isInvalidated).toBe(false)
  })
})
