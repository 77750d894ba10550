import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { ApiError, client } from '../../api/client'
import { useMassDiscount } from './products'

afterEach(() => vi.restoreAllMocks())

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>
)

const answer = (status: number, error: unknown) => ({ data: undefined, error, response: new Response(null, { status }) })

describe('useMassDiscount', () => {
  const discount = { discount_type_id: 1, from: '2025-03-01', to: '2025-03-31' }

  it("says the mass discount is not available while the server has no such route (404), not 'page not found'", async () => {
    vi.spyOn(client, 'POST').mockResolvedValue(answer(404, { message: 'Tražena stranica ne postoji.' }) as never)
    const { result } = renderHook(() => useMassDiscount(), { wrapper })
    const err = await result.current.mutateAsync({ target: { ids: [1], filter: {} }, discount }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(404)
    expect((err as ApiError).body?.message).toBe('Dodavanje popusta većem broju proizvoda još nije dostupno.')
  })

  it('passes any other refusal on as it came (a 422 goes onto the form)', async () => {
    const body = { message: 'Podaci nisu ispravni.', errors: { from: ['Polje je obavezno'] } }
    vi.spyOn(client, 'POST').mockResolvedValue(answer(422, body) as never)
    const { result } = renderHook(() => useMassDiscount(), { wrapper })
    const err = await result.current.mutateAsync({ target: { ids: [1], filter: {} }, discount }).catch((e: unknown) => e)
    expect((err as ApiError).status).toBe(422)
    expect((err as ApiError).body).toEqual(body)
  })
})
