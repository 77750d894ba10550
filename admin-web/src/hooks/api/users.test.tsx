import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { client, formData } from '../../api/client'
import { userKeys, useUploadAvatar } from './users'

afterEach(() => vi.restoreAllMocks())

describe('useUploadAvatar', () => {
  it('sends the file as `image` through the one multipart serializer and reloads the user', async () => {
    const post = vi
      .spyOn(client, 'POST')
      .mockResolvedValue({ data: { message: 'ok' }, error: undefined, response: new Response(null, { status: 200 }) } as never)
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    qc.setQueryData(userKeys.detail(4), { id: 4 })
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    const { result } = renderHook(() => useUploadAvatar(), { wrapper })
    const file = new File(['x'], 'ana.png', { type: 'image/png' })
    await result.current.mutateAsync({ id: 4, file })
    const [path, init] = post.mock.calls[0] as unknown as [string, { params: unknown; body: object; bodySerializer: unknown }]
    expect(path).toBe('/api/v1/admin/users/{id}/avatar')
    expect(init.params).toEqual({ path: { id: 4 } })
    expect(init.bodySerializer).toBe(formData)
    expect((formData(init.body).get('image') as File).name).toBe('ana.png')
    expect(qc.getQueryState(userKeys.detail(4))?.isInvalidated).toBe(true)
  })
})
