import i18n from '../../i18n'
import { notificationView } from './notificationText'

const pricelist = { id: 5, supplier_id: 2, supplier: 'Ewe Comp', file_name: 'ewe-2024.xlsx' }

describe('notificationView', () => {
  const sr = () => i18n.getFixedT('sr')
  const en = () => i18n.getFixedT('en')

  it('reads each known type from its data, in the chosen language', () => {
    expect(notificationView({ type: 'PricelistUploaded', data: { pricelist } }, sr())).toEqual({
      kind: 'info',
      text: 'Cenovnik ewe-2024.xlsx dobavljača Ewe Comp je primljen',
    })
    expect(notificationView({ type: 'PricelistUploaded', data: { pricelist } }, en()).text).toBe(
      'The price list ewe-2024.xlsx of the supplier Ewe Comp has been received',
    )
    expect(
      notificationView({ type: 'ImportFinished', data: { pricelist, counts: { rows: 10, created: 4, updated: 3, unchanged: 2, rejected: 1 } } }, sr()).text,
    ).toBe('Uvoz cenovnika ewe-2024.xlsx dobavljača Ewe Comp je završen. Redova: 10, novih: 4, izmenjenih: 3, nepromenjenih: 2, odbijenih: 1')
    expect(notificationView({ type: 'ImportFinished', data: { counts: { created: 7 }, category: { id: 3, name: 'Laptopovi' } } }, sr()).text).toBe(
      'Uvoz proizvoda u kategoriju Laptopovi je završen. Kreirano proizvoda: 7.',
    )
    expect(notificationView({ type: 'CategoriesNotMapped', data: { pricelist, categories: ['Monitori', 'Miševi'] } }, sr()).text).toBe(
      'Kategorije dobavljača Ewe Comp nisu povezane: Monitori, Miševi',
    )
    expect(notificationView({ type: 'CategoriesUploaded', data: { pricelist } }, sr())).toEqual({
      kind: 'info',
      text: 'Kategorije dobavljača Ewe Comp su učitane',
    })
    expect(notificationView({ type: 'PricesRecomputed', data: { category: { id: 3, name: 'Televizori' }, counts: { updated: 12 } } }, en())).toEqual({
      kind: 'info',
      text: 'The prices of the products of the category Televizori have been recomputed. Products changed: 12.',
    })
  })

  it('reads a new order with a link to it (admin/porudzbine/{order_id})', () => {
    const data = { message: 'Nova porudžbina 2026-000012: Ana, 1.500,00 RSD', order_id: 12, number: '2026-000012', total: 1500 }
    expect(notificationView({ type: 'NewOrder', data }, sr())).toEqual({ kind: 'info', link: '/porudzbine/12', text: 'Nova porudžbina 2026-000012 (1.500,00 RSD)' })
    expect(notificationView({ type: 'NewOrder', data }, en()).text).toBe('New order 2026-000012 (1.500,00 RSD)')
    expect(notificationView({ type: 'NewOrder', data: { message: 'Nova porudžbina' } }, sr())).toEqual({ kind: 'info', link: undefined, text: 'Nova porudžbina' })
  })

  it('reads the mass sticker jobs\' ends: done with the count, failed as an error with the reason', () => {
    expect(notificationView({ type: 'StickersDone', data: { job: 'catalog_stickers', count: 12 } }, sr())).toEqual({
      kind: 'info',
      text: 'Katalog nalepnica je dodata na 12 proizvoda',
    })
    expect(notificationView({ type: 'StickersDone', data: { job: 'energy_sticker', count: 3 } }, en()).text).toBe(
      'The energy label has been set on 3 products',
    )
    expect(notificationView({ type: 'StickersFailed', data: { job: 'energy_sticker', error: 'Fajl je obavezan' } }, sr())).toEqual({
      kind: 'error',
      text: 'Postavljanje nalepnica energetske vrednosti nije uspelo: Fajl je obavezan',
    })
    expect(notificationView({ type: 'StickersFailed', data: { job: 'catalog_stickers', error: 'Server error' } }, en()).text).toBe(
      'Adding the catalog stickers failed: Server error',
    )
  })

  it("falls back to the producer's message when the data lacks the fields", () => {
    expect(notificationView({ type: 'PricelistUploaded', data: { message: 'Stigao je cenovnik' } }, sr()).text).toBe('Stigao je cenovnik')
    expect(notificationView({ type: 'ImportFinished', data: null }, sr()).text).toBe('Uvoz je završen')
    expect(notificationView({ type: 'CategoriesUploaded', data: {} }, sr()).text).toBe('Kategorije su učitane')
  })

  it('shows any other type as an error with data.error or data.message', () => {
    expect(notificationView({ type: 'ImportFailed', data: { error: 'Fajl je oštećen', message: 'Uvoz nije uspeo: Fajl je oštećen' } }, sr())).toEqual({
      kind: 'error',
      text: 'Greška: Fajl je oštećen',
    })
    expect(notificationView({ type: 'SomethingNew', data: { message: 'Nešto' } }, sr())).toEqual({ kind: 'error', text: 'Greška: Nešto' })
    expect(notificationView({ type: 'ImportFailed', data: { pricelist, error: 'Nema zaglavlja' } }, sr()).text).toBe(
      'Uvoz cenovnika ewe-2024.xlsx dobavljača Ewe Comp nije uspeo: Nema zaglavlja',
    )
    expect(notificationView({ type: 'Weird', data: {} }, en())).toEqual({ kind: 'error', text: 'Error' })
  })
  it('reads the e-ponuda apply as news with its count', () => {
    expect(notificationView({ type: 'EponudaPricesApplied', data: { changed: 3, missing: 1, message: 'x' } }, sr())).toEqual({
      kind: 'info',
      text: 'Nove cene iz e-ponude su primenjene. Promenjeno proizvoda: 3.',
    })
  })
})
