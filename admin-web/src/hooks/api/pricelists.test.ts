import { QueryClient } from '@tanstack/react-query'
import { pricelistKeys, refreshForNotification } from './pricelists'
import { productKeys } from './products'
import { supplierAdminKeys } from './supplierProducts'

describe('refreshForNotification', () => {
  const seeded = () => {
    const qc = new QueryClient()
    qc.setQueryData(pricelistKeys.list({ page: 1 }), { data: [] })
    qc.setQueryData(supplierAdminKeys.admin({ page: 1 }), { data: [] })
    qc.setQueryData(productKeys.list({}), { data: [] })
    return qc
  }
  const stale = (qc: QueryClient) =>
    [pricelistKeys.list({ page: 1 }), supplierAdminKeys.admin({ page: 1 }), productKeys.list({})].map((k) => qc.getQueryState(k)?.isInvalidated)

  it.each(['PricelistUploaded', 'CategoriesUploaded', 'CategoriesNotMapped', 'ImportFinished', 'ImportFailed'])('%s reloads imports, suppliers and products', (type) => {
    const qc = seeded()
    refreshForNotification(qc, { type })
    expect(stale(qc)).toEqual([true, true, true])
  })

  it.each(['PricesRecomputed', 'DiscountsDone'])('%s reloads the product lists only (new prices)', (type) => {
    const qc = seeded()
    refreshForNotification(qc, { type })
    expect(stale(qc)).toEqual([false, false, true])
  })

  it('another type changes nothing', () => {
    const qc = seeded()
    refreshForNotification(qc, { type: 'OrderCreated' })
    expect(stale(qc)).toEqual([false, false, false])
  })
})
