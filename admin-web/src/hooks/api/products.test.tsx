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

  it('posts to admin/discounts/mass-add: the ids in the body, the filter as the query only without ids; answers the run', async () => {
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValue({ data: { message: 'ok', data: { id: 9, state: 'queued' } }, error: undefined, response: new Response(null, { status: 202 }) } as never)
    const { result } = renderHook(() => useMassDiscount(), { wrapper })
    const res = await result.current.mutateAsync({ target: { ids: [1, 2], filter: { search: 'x' } }, discount: { ...discount, percentage: 10 } })
    expect(res.data).toEqual({ id: 9, state: 'queued' })
    expect(post).toHaveBeenLastCalledWith('/api/v1/admin/discounts/mass-add', {
      params: { query: undefined },
      body: { product_ids: [1, 2], discount_type_id: 1, percentage: 10, from: '2025-03-01', to: '2025-03-31' },
    })
    await result.current.mutateAsync({ target: { ids: [], filter: { search: 'x' } }, discount })
    expect(post).toHaveBeenLastCalledWith('/api/v1/admin/discounts/mass-add', {
      params: { query: { search: 'x' } },
      body: { product_ids: [], ...discount },
    })
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
