import i18n from '../../i18n'
import en from '../../i18n/pricelists.en.json'
import sr from '../../i18n/pricelists.sr.json'
import { MAX_PRICELIST_BYTES, pricelistFileProblem } from './fileCheck'

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('pricelistFileProblem', () => {
  it.each([
    ['an XLSX within 10 MB', 'cenovnik.xlsx', 1000, null],
    ['exactly 10 MB', 'CENOVNIK.XLSX', MAX_PRICELIST_BYTES, null],
    ['over 10 MB', 'cenovnik.xlsx', MAX_PRICELIST_BYTES + 1, 'pricelists.file.tooLarge'],
    ['an old Excel file', 'cenovnik.xls', 1000, 'pricelists.file.notXlsx'],
    ['a CSV', 'cenovnik.csv', 1000, 'pricelists.file.notXlsx'],
    ['a big CSV: the format first', 'cenovnik.csv', MAX_PRICELIST_BYTES + 1, 'pricelists.file.notXlsx'],
  ])('%s', (_, name, size, want) => {
    expect(pricelistFileProblem({ name, size })).toBe(want)
  })
})

describe('price-list texts', () => {
  it('have the same keys in Serbian and English', () => {
    expect(keys(sr).sort()).toEqual(keys(en).sort())
  })

  it('keep the texts the specification quotes, in both languages', () => {
    const s = i18n.getFixedT('sr')
    const e = i18n.getFixedT('en')
    expect(s('pricelists.file.tooLarge')).toBe('Maksimalna veličina fajla je 10MB')
    expect(e('pricelists.file.tooLarge')).toBe('The maximum file size is 10MB')
    expect(s('pricelists.file.notXlsx')).toBe('Fajl mora biti u XLSX formatu')
    expect(e('pricelists.file.notXlsx')).toBe('The file must be in XLSX format')
    expect(e('pricelists.categoryLinking.alreadyConnected')).toBe('The categories are already connected')
    expect(s('pricelists.categoryLinking.alreadyConnected')).toBe('Kategorije su već povezane')
    expect(e('pricelists.common.selectSupplierOrCategory')).toBe('First select a supplier or category')
    expect(s('pricelists.common.selectSupplierOrCategory')).toBe('Prvo izaberite dobavljača ili kategoriju')
    expect(e('pricelists.common.selectValueFirst')).toBe('Select a value first!')
    expect(s('common.noData')).toBe('Nema podataka')
  })
})
