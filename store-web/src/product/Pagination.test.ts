import { describe, expect, it } from 'vitest'
import { lastPage, pageItems } from './Pagination'

describe('pageItems', () => {
  it('lists up to 5 pages in full', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })
  it('shows first, neighbours and last with ellipses past 5 pages (0 = ellipsis)', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 0, 10])
    expect(pageItems(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10])
    expect(pageItems(10, 10)).toEqual([1, 0, 7, 8, 9, 10])
  })
  it('counts pages as total / size rounded up', () => {
    expect(lastPage({ total: 49, per_page: 24 })).toBe(3)
    expect(lastPage({ total: 0, per_page: 24 })).toBe(1)
  })
})
