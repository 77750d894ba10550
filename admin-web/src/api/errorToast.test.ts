import { useMutation, useQuery, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import i18n from '../i18n'
import { ApiError } from './client'
import { toastForError, toastForSuccess, type Toast } from './errorToast'
import { createQueryClient } from './queryClient'

const t = i18n.t.bind(i18n)

describe('toastForError', () => {
  it.each([
    ['403', new ApiError(403, { message: 'Unauthorized' }), { type: 'danger', message: 'Unauthorized' }],
    ['500', new ApiError(500, { message: 'Doslo je do greske na serveru pokusajte ponovo.' }), { type: 'danger', message: 'Doslo je do greske na serveru pokusajte ponovo.' }],
    ['503 without a body', new ApiError(503, undefined), { type: 'danger', message: 'Doslo je do greske na serveru pokusajte ponovo.' }],
    ['network failure', new TypeError('Failed to fetch'), { type: 'danger', message: 'Doslo je do greske na serveru pokusajte ponovo.' }],
    ['404 keeps the server text', new ApiError(404, { message: 'Korisnik ne postoji ili je izbrisan.' }), { type: 'danger', message: 'Korisnik ne postoji ili je izbrisan.' }],
    ['401 is the session\'s business', new ApiError(401, { message: 'Niste prijavljeni.' }), null],
    ['422 is the form\'s business', new ApiError(422, { message: 'x', errors: { email: ['y'] } }), null],
  ])('%s', (_, err, want) => {
    expect(toastForError(err, t)).toEqual(want)
  })

  it('speaks English after a language switch', async () => {
    await i18n.changeLanguage('en')
    expect(toastForError(new ApiError(500, undefined), t)?.message).toBe('There was a server error, please try again.')
    expect(toastForError(new ApiError(403, undefined), t)?.message).toBe('Unauthorized')
  })
})

describe('toastForSuccess', () => {
  it('shows the server message of a change, nothing otherwise', () => {
    expect(toastForSuccess({ message: 'Korisnik je uspešno kreiran.', data: {} })).toEqual({ type: 'success', message: 'Korisnik je uspešno kreiran.' })
    expect(toastForSuccess({ data: {} })).toBeNull()
    expect(toastForSuccess(undefined)).toBeNull()
  })
})

describe('the QueryClient reports through toasts', () => {
  function setup() {
    const shown: Toast[] = []
    const qc = createQueryClient((x) => shown.push(x), t)
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: qc }, children)
    return { shown, wrapper }
  }

  it('a query refused with 403 shows Unauthorized, once (no retry)', async () => {
    const { shown, wrapper } = setup()
    const fn = vi.fn(() => Promise.reject(new ApiError(403, { message: 'Unauthorized' })))
    const { result } = renderHook(() => useQuery({ queryKey: ['x'], queryFn: fn }), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(shown).toEqual([{ type: 'danger', message: 'Unauthorized' }])
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('a failed mutation shows the server error; a successful one its message', async () => {
    const { shown, wrapper } = setup()
    const { result } = renderHook(
      () => ({
        bad: useMutation({ mutationFn: () => Promise.reject(new ApiError(500, undefined)) }),
        good: useMutation({ mutationFn: () => Promise.resolve({ message: 'Korisnik je uspešno izmenjen.' }) }),
        quiet: useMutation({ mutationFn: () => Promise.reject(new ApiError(500, undefined)), meta: { quiet: true } }),
      }),
      { wrapper },
    )
    await result.current.bad.mutateAsync().catch(() => undefined)
    await result.current.quiet.mutateAsync().catch(() => undefined)
    await result.current.good.mutateAsync()
    expect(shown).toEqual([
      { type: 'danger', message: 'Doslo je do greske na serveru pokusajte ponovo.' },
      { type: 'success', message: 'Korisnik je uspešno izmenjen.' },
    ])
  })
})
