import { ApiError } from '@shop/shared'
import { describe, expect, it } from 'vitest'
import { retryLoad } from './queryClient'

describe('retryLoad', () => {
  it('never retries an answer the server meant (4xx), once a network error or a 5xx', () => {
    expect(retryLoad(0, new ApiError(404, { message: 'Kategorija ne postoji ili je izbrisana.' }))).toBe(false)
    expect(retryLoad(0, new ApiError(422, { message: 'x' }))).toBe(false)
    expect(retryLoad(0, new ApiError(503, { message: 'x' }))).toBe(true)
    expect(retryLoad(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryLoad(1, new TypeError('Failed to fetch'))).toBe(false)
  })
})
