import { lastPage, pageItems, stepBack } from './pagination'

describe('pagination control rules', () => {
  it('shows every page up to 5', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('beyond 5 pages: first, last and an ellipsis on the cut side(s)', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 'gap-after', 10])
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap-after', 10])
    expect(pageItems(5, 10)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 10])
    expect(pageItems(8, 10)).toEqual([1, 'gap-before', 7, 8, 9, 10])
    expect(pageItems(10, 10)).toEqual([1, 'gap-before', 7, 8, 9, 10])
    expect(pageItems(4, 6)).toEqual([1, 'gap-before', 3, 4, 5, 6])
  })

  it('never shows more than 5 page numbers once cut', () => {
    for (let last = 6; last < 40; last++) {
      for (let cur = 1; cur <= last; cur++) {
        const items = pageItems(cur, last)
        expect(items.filter((i) => typeof i === 'number').length).toBeLessThanOrEqual(5)
        expect(items[0]).toBe(1)
        expect(items[items.length - 1]).toBe(last)
        expect(items).toContain(cur)
      }
    }
  })

  it('counts pages as total / size rounded up', () => {
    expect(lastPage(0, 20)).toBe(1)
    expect(lastPage(20, 20)).toBe(1)
    expect(lastPage(21, 20)).toBe(2)
  })

  it('steps back one page when the list shrank under the current page, never below 1', () => {
    expect(stepBack(2, 1)).toBe(1)
    expect(stepBack(5, 3)).toBe(4)
    expect(stepBack(1, 1)).toBeUndefined()
    expect(stepBack(3, 3)).toBeUndefined()
  })
})
