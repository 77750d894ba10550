import { describe, expect, it } from 'vitest'
import { defaultTerm, instalmentTerms, monthlyInstalment, parseAmount, promotedTerm } from './instalments'

describe('instalment rule (spec 4)', () => {
  it('offers 6, 12 and 24 months, 6 by default, 24 promoted', () => {
    expect(instalmentTerms).toEqual([6, 12, 24])
    expect(defaultTerm).toBe(6)
    expect(promotedTerm).toBe(24)
  })

  it('is (retail price − down payment) / months with two decimals', () => {
    expect(monthlyInstalment(120000, '0', 6)).toBe(20000)
    expect(monthlyInstalment(120000, '20000', 12)).toBe(8333.33)
    expect(monthlyInstalment(99999.99, '0', 24)).toBe(4166.67)
    expect(monthlyInstalment(1000, '1000', 6)).toBe(0)
  })

  it('is blank while the down payment is empty or not a number', () => {
    expect(monthlyInstalment(120000, '', 6)).toBeNull()
    expect(monthlyInstalment(120000, '   ', 6)).toBeNull()
    expect(monthlyInstalment(120000, 'abc', 6)).toBeNull()
    expect(monthlyInstalment(120000, '-5', 6)).toBeNull()
    expect(monthlyInstalment(1000, '1000,01', 6)).toBeNull()
  })

  it('reads Serbian-written amounts', () => {
    expect(parseAmount('10.000')).toBe(10000)
    expect(parseAmount('10.000,50')).toBe(10000.5)
    expect(parseAmount('2500,5')).toBe(2500.5)
    expect(parseAmount('2500.5')).toBe(2500.5)
    expect(parseAmount('1 000 RSD')).toBe(1000)
  })
})
