import { isConnectedType } from './SupplierProducts'
import { supplierProductsHref } from './SupplierList'

describe("a supplier's products", () => {
  it("only type 'povezani' means connected", () => {
    expect(isConnectedType('povezani')).toBe(true)
    expect(isConnectedType('nepovezani')).toBe(false)
    expect(isConnectedType('')).toBe(false)
    expect(isConnectedType(null)).toBe(false)
  })

  it('links carry the supplier id as the path segment and the type as the query', () => {
    expect(supplierProductsHref(7, true)).toBe('/nasi-dobavljaci/7?type=povezani')
    expect(supplierProductsHref(7, false)).toBe('/nasi-dobavljaci/7?type=nepovezani')
  })
})
