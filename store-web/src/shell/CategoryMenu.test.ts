// How many main categories the header's bar shows before the rest go under 'Više'.
import { describe, expect, it } from 'vitest'
import { fitCount } from './CategoryMenu'

describe('fitCount', () => {
  it('shows every item when all fit, without Više', () => {
    expect(fitCount([100, 100, 100], 300, 60)).toBe(3)
  })
  it('keeps room for Više when they do not all fit', () => {
    // 4 x 100 = 400 > 350: with Više (60) only 2 fit (260); a third would need 360.
    expect(fitCount([100, 100, 100, 100], 350, 60)).toBe(2)
  })
  it('puts everything under Više when not even one fits beside it', () => {
    expect(fitCount([200, 200], 150, 60)).toBe(0)
  })
})
